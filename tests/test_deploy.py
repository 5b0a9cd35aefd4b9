"""The deployment files in ``deploy/``: checked without network, Docker daemon or systemd.

* ``docker-compose.yml`` (parsed with PyYAML): the services, their start order (``depends_on``
  conditions), the PostgreSQL health check and volume, the bot's settings, and every command
  line — the commented examples too — is one that ``meiji``'s own argument parser accepts.
* ``meiji-table.service`` and ``meiji-table@.service``: required keys and hardening (a small
  parser of the unit-file syntax), commands accepted by the parser, and ``systemd-analyze
  verify`` when that program is installed (on a copy whose ``meiji`` path points at a stub, since
  verify insists that the executables exist).
* ``Dockerfile``: base image, the ``postgres`` extra, a non-root user, ``CMD ["meiji", "run"]``.
"""

from __future__ import annotations

import contextlib
import io
import json
import re
import shlex
import shutil
import subprocess
import tomllib
from pathlib import Path
from urllib.parse import urlsplit

import pytest
import yaml

from bot.__main__ import build_parser

ROOT = Path(__file__).resolve().parents[1]
DEPLOY = ROOT / "deploy"
COMPOSE = DEPLOY / "docker-compose.yml"
DOCKERFILE = DEPLOY / "Dockerfile"
UNIT = DEPLOY / "meiji-table.service"
TEMPLATE = DEPLOY / "meiji-table@.service"

#: An instance name of the template as docs/hosting.md uses it (shards 0 and 1), and a shard count.
INSTANCE = "0-1"
SHARDS = "4"

#: Hardening every unit must keep (key → value).
HARDENING = {
    "NoNewPrivileges": "true",
    "ProtectSystem": "strict",
    "ProtectHome": "true",
    "PrivateTmp": "true",
}


# ---------------------------------------------------------------------------------------------
# Helpers
# ---------------------------------------------------------------------------------------------
def accepts(argv: list[str]) -> None:
    """Fail unless ``meiji`` (``build_parser``) accepts ``argv`` as a subcommand with its options."""
    assert argv and argv[0] == "meiji", f"not a meiji command line: {argv}"
    err = io.StringIO()
    try:
        with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
            args = build_parser().parse_args(argv[1:])
    except SystemExit:
        pytest.fail(f"meiji does not accept {shlex.join(argv)!r}: {err.getvalue().strip()}")
    assert args.command == argv[1], f"{shlex.join(argv)!r} did not select the subcommand {argv[1]!r}"
    if getattr(args, "shards", None) is not None or getattr(args, "shard_ids", None) is not None:
        # `meiji run` checks the shard plan before it connects; check it here the same way
        from bot.sharding import ShardPlan, parse_shard_ids

        try:
            ShardPlan(args.shards, parse_shard_ids(args.shard_ids) if args.shard_ids is not None else None)
        except (TypeError, ValueError) as exc:
            pytest.fail(f"meiji run would refuse the shards of {shlex.join(argv)!r}: {exc}")


def compose() -> dict:
    return yaml.safe_load(COMPOSE.read_text(encoding="utf-8"))


def commented_examples() -> tuple[list[list[str]], dict[str, dict]]:
    """The commented-out examples of the compose file: inline ``command: [...]`` lines, and whole
    services (a ``# name:`` line at service indentation and the commented lines below it), read
    by uncommenting them in place so that they can use the file's anchors."""
    lines = COMPOSE.read_text(encoding="utf-8").splitlines()
    commands: list[list[str]] = []
    uncommented = list(lines)
    in_block = False
    for i, line in enumerate(lines):
        if re.match(r"^  # [A-Za-z0-9_-]+:\s*$", line) or (in_block and line.startswith("  #   ")):
            uncommented[i] = "  " + line[4:]
            in_block = True
            continue
        in_block = False
        if m := re.match(r"\s*#\s*command:\s*(\[.*\])\s*$", line):
            commands.append(json.loads(m.group(1)))
    services = yaml.safe_load("\n".join(uncommented))["services"]
    extra = {name: service for name, service in services.items() if name not in compose()["services"]}
    return commands, extra


def resolve(value: str) -> str:
    """``${VAR...}`` interpolation of Compose with a fixed value (no environment needed)."""
    return re.sub(r"\$\{[^}]*\}", "secret", value)


def environment(service: dict) -> dict[str, str]:
    env = service.get("environment") or {}
    if isinstance(env, list):
        env = dict(item.split("=", 1) for item in env)
    return {k: str(v) for k, v in env.items()}


def parse_unit(path: Path) -> dict[str, list[tuple[str, str]]]:
    """A systemd unit file as ``{section: [(key, value), ...]}``, keys in order, repeats kept
    (``configparser`` would reject the repeated keys systemd allows, such as ``SystemCallFilter``)."""
    sections: dict[str, list[tuple[str, str]]] = {}
    current: str | None = None
    pending = ""
    for raw in path.read_text(encoding="utf-8").splitlines():
        line = pending + raw.strip()
        pending = ""
        if not line or line[0] in "#;":
            continue
        if line.endswith("\\"):
            pending = line[:-1] + " "
            continue
        if line.startswith("["):
            assert line.endswith("]"), f"{path.name}: bad section line {raw!r}"
            current = line[1:-1]
            assert current not in sections, f"{path.name}: section [{current}] twice"
            sections[current] = []
            continue
        assert current is not None, f"{path.name}: {raw!r} outside a section"
        key, sep, value = line.partition("=")
        assert sep, f"{path.name}: {raw!r} is not KEY=VALUE"
        assert re.fullmatch(r"[A-Za-z][A-Za-z0-9]*", key.strip()), f"{path.name}: bad key {key!r}"
        sections[current].append((key.strip(), value.strip()))
    assert not pending, f"{path.name}: ends in a continuation line"
    return sections


def one(unit: dict[str, list[tuple[str, str]]], section: str, key: str) -> str:
    values = [v for k, v in unit.get(section, []) if k == key]
    assert len(values) == 1, f"[{section}] {key}= should be set exactly once, found {values}"
    return values[0]


def every(unit: dict[str, list[tuple[str, str]]], section: str, key: str) -> list[str]:
    return [v for k, v in unit.get(section, []) if k == key]


def exec_argv(command: str, *, instance: str = INSTANCE, shards: str = SHARDS) -> list[str]:
    """An ``Exec*=`` line as the argv systemd would run: ``%i`` and ``${MEIJI_SHARDS}`` filled in,
    the program path cut to its name (``/opt/.../bin/meiji`` → ``meiji``)."""
    command = command.lstrip("-@:+!")  # systemd's Exec prefixes
    command = command.replace("%i", instance).replace("${MEIJI_SHARDS}", shards).replace("$MEIJI_SHARDS", shards)
    assert "%" not in command and "$" not in command, f"unexpanded specifier or variable in {command!r}"
    argv = shlex.split(command)
    assert argv[0].startswith("/"), f"systemd needs an absolute program path: {argv[0]}"
    return [Path(argv[0]).name, *argv[1:]]


def dockerfile() -> list[tuple[str, str]]:
    """The Dockerfile's instructions as ``(INSTRUCTION, arguments)``, continuation lines joined."""
    out: list[tuple[str, str]] = []
    pending = ""
    for raw in DOCKERFILE.read_text(encoding="utf-8").splitlines():
        stripped = raw.strip()
        if not pending and (not stripped or stripped.startswith("#")):
            continue
        if pending and stripped.startswith("#"):
            continue
        line = pending + stripped
        if line.endswith("\\"):
            pending = line[:-1] + " "
            continue
        pending = ""
        word, _, rest = line.partition(" ")
        out.append((word.upper(), rest.strip()))
    assert not pending, "the Dockerfile ends in a continuation line"
    return out


# ---------------------------------------------------------------------------------------------
# docker-compose.yml
# ---------------------------------------------------------------------------------------------
def test_compose_has_postgres_migrate_and_bot() -> None:
    services = compose()["services"]
    assert {"postgres", "migrate", "bot"} <= set(services)


def test_compose_postgres_keeps_its_data_in_a_volume_and_reports_health() -> None:
    doc = compose()
    pg = doc["services"]["postgres"]
    assert str(pg["image"]).startswith("postgres:15")
    mounts = [str(v).split(":") for v in pg["volumes"]]
    named = [m[0] for m in mounts if len(m) >= 2 and m[1] == "/var/lib/postgresql/data"]
    assert named, "postgres needs a volume on /var/lib/postgresql/data"
    assert named[0] in (doc.get("volumes") or {}), f"the volume {named[0]!r} is not declared under volumes:"
    test = pg["healthcheck"]["test"]
    text = test if isinstance(test, str) else " ".join(test)
    assert "pg_isready" in text
    env = environment(pg)
    assert env.get("POSTGRES_PASSWORD"), "the postgres image refuses to start without POSTGRES_PASSWORD"
    assert f"-U {env['POSTGRES_USER']}" in text and f"-d {env['POSTGRES_DB']}" in text
    assert "ports" not in pg, "the database should not be published outside the compose network"


def test_compose_start_order_migrate_after_healthy_postgres_bot_after_migrate() -> None:
    services = compose()["services"]
    assert services["migrate"]["depends_on"]["postgres"]["condition"] == "service_healthy"
    assert services["bot"]["depends_on"]["migrate"]["condition"] == "service_completed_successfully"
    assert str(services["migrate"].get("restart", "no")) == "no", "migrate is a one-shot job"
    assert services["bot"]["restart"] == "unless-stopped"


def test_compose_bot_settings() -> None:
    services = compose()["services"]
    pg_env = environment(services["postgres"])
    for name in ("migrate", "bot"):
        service = services[name]
        env = environment(service)
        assert "DISCORD_TOKEN" not in env, f"{name}: the token belongs in the env file, not the compose file"
        assert service.get("env_file"), f"{name}: DISCORD_TOKEN comes from an env file"
        url = urlsplit(resolve(env["DATABASE_URL"]))
        assert url.scheme == "postgresql+psycopg", f"{name}: {url.scheme}"
        assert url.hostname == "postgres" and (url.port or 5432) == 5432
        assert url.username == pg_env["POSTGRES_USER"] and url.path == "/" + pg_env["POSTGRES_DB"]
        password = re.search(r":(\$\{[^}]*\})@", env["DATABASE_URL"])
        assert password and password.group(1) == pg_env["POSTGRES_PASSWORD"], f"{name}: password differs"


def test_compose_builds_the_image_from_the_repository() -> None:
    for name in ("migrate", "bot"):
        build = compose()["services"][name]["build"]
        context = (COMPOSE.parent / build["context"]).resolve()
        assert context == ROOT
        assert (context / build["dockerfile"]).resolve() == DOCKERFILE


def test_compose_commands_are_meiji_commands() -> None:
    services = compose()["services"]
    assert services["migrate"]["command"][:2] == ["meiji", "migrate"]
    assert services["bot"]["command"][:2] == ["meiji", "run"]
    for service in services.values():
        if "command" in service:
            accepts(list(service["command"]))


def test_compose_commented_sharding_example() -> None:
    commands, extra = commented_examples()
    assert extra, "the compose file shows a second bot service (commented out)"
    for service in extra.values():
        assert service["depends_on"]["migrate"]["condition"] == "service_completed_successfully"
        commands.append(service["command"])
    # one plan: the same --shards N everywhere, every shard id from 0 to N-1 exactly once
    counts = {cmd[cmd.index("--shards") + 1] for cmd in commands}
    assert len(counts) == 1, counts
    ids = sorted(int(i) for cmd in commands for i in cmd[cmd.index("--shard-ids") + 1].split(","))
    assert ids == list(range(int(counts.pop())))


def test_compose_commented_sharding_example_is_accepted_by_meiji() -> None:
    commands, extra = commented_examples()
    for command in [*commands, *(s["command"] for s in extra.values())]:
        accepts(command)


# ---------------------------------------------------------------------------------------------
# systemd units
# ---------------------------------------------------------------------------------------------
@pytest.mark.parametrize("path", [UNIT, TEMPLATE], ids=lambda p: p.name)
def test_unit_required_keys_and_hardening(path: Path) -> None:
    unit = parse_unit(path)
    assert set(unit) == {"Unit", "Service", "Install"}
    assert one(unit, "Unit", "Description")
    assert "network-online.target" in one(unit, "Unit", "After").split()
    assert "network-online.target" in one(unit, "Unit", "Wants").split()
    user = one(unit, "Service", "User")
    assert user and user not in ("root", "0"), "a dedicated user, not root"
    workdir = one(unit, "Service", "WorkingDirectory")
    assert workdir.startswith("/")
    assert one(unit, "Service", "EnvironmentFile").lstrip("-").startswith("/")
    assert one(unit, "Service", "Restart") == "on-failure"
    for key, value in HARDENING.items():
        assert one(unit, "Service", key) == value, key
    # the SQLite data directory (the working directory, where sqlite:///./meiji.db lands) stays writable
    writable = [p for v in every(unit, "Service", "ReadWritePaths") for p in v.split()]
    assert workdir in writable
    assert one(unit, "Service", "StateDirectory") == Path(workdir).relative_to("/var/lib").as_posix()
    assert one(unit, "Install", "WantedBy") == "multi-user.target"


def test_unit_migrates_then_runs() -> None:
    unit = parse_unit(UNIT)
    pre = [exec_argv(v) for v in every(unit, "Service", "ExecStartPre")]
    start = exec_argv(one(unit, "Service", "ExecStart"))
    assert ["meiji", "migrate"] in pre
    assert start == ["meiji", "run"]
    programs = {shlex.split(v)[0] for v in every(unit, "Service", "ExecStartPre") + every(unit, "Service", "ExecStart")}
    assert len(programs) == 1, f"one installed meiji for every step: {programs}"


def test_template_runs_the_shards_named_by_its_instance() -> None:
    unit = parse_unit(TEMPLATE)
    start = one(unit, "Service", "ExecStart")
    assert "--shard-ids %i" in start and "--shards" in start
    assert exec_argv(start)[:2] == ["meiji", "run"]
    assert not any("migrate" in v for v in every(unit, "Service", "ExecStartPre")), (
        "instances start together: the template leaves migrating to one explicit `meiji migrate`"
    )
    assert one(unit, "Service", "ExecStart").split()[0] == one(parse_unit(UNIT), "Service", "ExecStart").split()[0]


def test_template_instance_names_are_shard_ids() -> None:
    sharding = pytest.importorskip("bot.sharding")
    assert sharding.parse_shard_ids(INSTANCE) == (0, 1)
    assert sharding.parse_shard_ids("4") == (4,)


def test_unit_commands_are_accepted_by_meiji() -> None:
    for path in (UNIT, TEMPLATE):
        unit = parse_unit(path)
        for key in ("ExecStartPre", "ExecStart"):
            for value in every(unit, "Service", key):
                accepts(exec_argv(value))


def _verify(unit_path: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        ["systemd-analyze", "verify", "--man=no", "--generators=false", str(unit_path)],
        capture_output=True, text=True, timeout=120, cwd=unit_path.parent,
    )


@pytest.mark.skipif(shutil.which("systemd-analyze") is None, reason="systemd-analyze is not installed")
@pytest.mark.parametrize(("path", "name"), [(UNIT, UNIT.name), (TEMPLATE, f"meiji-table@{INSTANCE}.service")],
                         ids=["meiji-table.service", "meiji-table@.service"])
def test_units_pass_systemd_analyze_verify(path: Path, name: str, tmp_path: Path) -> None:
    stub = tmp_path / "bin" / "meiji"
    stub.parent.mkdir()
    stub.write_text("#!/bin/sh\nexit 0\n", encoding="utf-8")
    stub.chmod(0o755)
    # verify works offline here? (an old systemd-analyze, or a sandbox without what it needs: skip)
    probe = tmp_path / "probe.service"
    probe.write_text(f"[Unit]\nDescription=probe\n[Service]\nExecStart={stub}\n", encoding="utf-8")
    result = _verify(probe)
    if result.returncode != 0 or result.stdout.strip() or result.stderr.strip():
        pytest.skip(f"systemd-analyze verify does not work here: {(result.stderr or result.stdout).strip()[:200]}")

    programs = {shlex.split(v.lstrip("-@:+!"))[0] for k, v in parse_unit(path)["Service"] if k.startswith("Exec")}
    text = path.read_text(encoding="utf-8")
    for program in programs:
        text = text.replace(program, str(stub))
    (tmp_path / path.name).write_text(text, encoding="utf-8")
    result = _verify(tmp_path / name)
    ours = [line for line in (result.stdout + result.stderr).splitlines() if "meiji-table" in line]
    assert result.returncode == 0 and not ours, "\n".join(ours) or result.stderr


# ---------------------------------------------------------------------------------------------
# Dockerfile
# ---------------------------------------------------------------------------------------------
def test_dockerfile_base_image_and_postgres_extra() -> None:
    steps = dockerfile()
    assert steps[0] == ("FROM", "python:3.11-slim")
    installs = [args for word, args in steps if word == "RUN" and "pip install" in args]
    assert any(re.search(r"""["']?\.\[postgres\]["']?""", args) for args in installs), installs
    assert any(word == "RUN" and "fonts-dejavu-core" in args for word, args in steps), (
        "the board pictures need DejaVu Sans (render.core.fonts)"
    )


def test_dockerfile_runs_the_bot_as_a_non_root_user() -> None:
    steps = dockerfile()
    words = [word for word, _ in steps]
    users = [args for word, args in steps if word == "USER"]
    assert users and users[-1].split(":")[0] not in ("root", "0")
    assert words.index("USER") < words.index("CMD")
    cmd = [args for word, args in steps if word == "CMD"]
    assert len(cmd) == 1 and json.loads(cmd[0]) == ["meiji", "run"]
    accepts(json.loads(cmd[0]))


def test_dockerfile_copies_the_packages_but_never_the_whole_context() -> None:
    """``COPY . .`` would put a .env with the token into the image."""
    copies = [shlex.split(args) for word, args in dockerfile() if word in ("COPY", "ADD")]
    sources = [src for parts in copies for src in parts[:-1] if not src.startswith("--")]
    assert "." not in sources and "./" not in sources
    for src in sources:
        assert (ROOT / src).exists(), f"COPY {src}: not in the repository"
    find = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]["packages"]["find"]
    packages = {pattern.rstrip("*") for pattern in find["include"]}
    assert packages <= {Path(s).name for s in sources}, f"packages not copied: {packages}"
    assert {"pyproject.toml", "README.md"} <= set(sources)

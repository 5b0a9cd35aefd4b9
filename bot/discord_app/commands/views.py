"""Looking without changing anything: status, board, the replay viewer, the full board, export, hand
and log (``/game`` and ``/solo`` share them; the buttons call some).
"""

from __future__ import annotations

import io
import json
from typing import Any

import discord

from bot.host import Reply
from bot.words import _
from engine.core.i18n import language

from ..accounts import latest_accounts_text
from ..components import (
    MAX_BUTTONS,
    TurnOptions,
    option_lines,
    replay_view,
    review_view,
    turn_view,
    with_board_button,
)
from ..delivery import log_failure, token_gone
from ..messages import (
    MESSAGE_LIMIT,
    NO_MENTIONS,
    code,
    code_block,
    first_line,
    fit,
    slash,
    user_language,
)
from ..pictures import board_file
from ..solo import DIFFICULTY_NAMES, opponent_name
from .base import CommandsCore, Outcome, _error, log


class ViewCommands(CommandsCore):
    """``status``, ``board``, ``replay`` (and its buttons), the full board, the story chart, ``export``,
    ``hand`` and ``log``."""

    async def status(self, interaction: discord.Interaction, *, solo: bool = False) -> None:
        """``/game status`` and ``/solo status``: a summary of this channel's table (only to you)."""
        await self.defer(interaction)
        channel, _user = self.ids(interaction)
        lang = user_language(interaction)
        reply = await self.run(self.host_for(interaction, solo).status, channel, lang=lang)
        if not reply.ok:
            await self.private(interaction, reply.private or _error(interaction))
            return
        text = reply.private or reply.public or ""
        data = reply.data
        if data is None:
            await self.private(interaction, text)
            return
        difficulty = (data.options or {}).get("difficulty")
        running = data.status in ("open", "running")
        with language(lang):
            if data.solo and difficulty:
                name = DIFFICULTY_NAMES.get(difficulty, difficulty)
                text += "\n" + _("Solo against {opponent}, difficulty {difficulty}.", opponent=opponent_name(),
                                  difficulty=name)
            if data.reminder_hours and running:
                text += "\n" + _("Turn reminders after {hours} h.", hours=data.reminder_hours)
            if data.to_act and str(data.to_act).isdigit():
                text += "\n" + _("To act: {player}", player=f"<@{data.to_act}>")
            if data.board_url and running:
                text += "\n" + _("Latest board: {url}", url=data.board_url)
        await self.private(interaction, text)

    async def board(self, interaction: discord.Interaction, *, solo: bool = False) -> None:
        """``/game board`` and ``/solo board``: post the current board again (picture, summary, options)."""
        await self.defer(interaction)
        channel, user = self.ids(interaction)
        lang = user_language(interaction)
        host = self.host_for(interaction, solo)
        outcome = await self.run(self.with_options, host, host.board, channel, user, lang=lang)
        reply = outcome.reply
        if not reply.ok:
            await self.private(interaction, reply.private or _error(interaction))
            return
        data = reply.data
        board_text = data.text if data is not None else None
        with language(reply.language or lang):
            header = str((data.header if data is not None else None) or first_line(reply.public))
            if reply.png:
                content, attach = header, None
            elif board_text and len(header) + len(board_text) + 10 > MESSAGE_LIMIT:
                content, attach = header + "\n" + _("(The board as text is attached.)"), board_text
            elif board_text:
                content, attach = f"{header}\n{code_block(board_text, MESSAGE_LIMIT - len(header) - 1)}", None
            else:
                content, attach = reply.public or header, None
        private = reply.private
        shown = Outcome(
            Reply(ok=True, public=None, png=reply.png, alt=reply.alt, mention=[], data=reply.data,
                  language=reply.language),
            outcome.options,
        )
        with language(lang):
            ack = _("Here is the board.")
            if private:
                ack += "\n" + _("Your view:") + "\n" + code_block(private, 1800)
        await self.publish(interaction, shown, ack=ack, content=content, attach_text=attach, board_button=False,
                            kind="view")

    async def replay(self, interaction: discord.Interaction, table: int | None = None, *, solo: bool = False) -> None:
        """``/game replay [table]``: the replay viewer, only to you — the latest position of a table
        of this channel with buttons to step through its game (first / −10 / −1 / +1 / +10 / last)
        and to switch between the turn picture and the full board. Rebuilt from the log; another
        player's hidden cards never show (the Host draws the spectator's view, or your own seat's)."""
        await self.defer(interaction)
        channel, user = self.ids(interaction)
        lang = user_language(interaction)
        reply = await self.run(self.host_for(interaction, solo).replay, channel, user, table, None, lang=lang)
        await self._send_replay(interaction, reply, lang, edit=False)

    async def replay_step(self, interaction: discord.Interaction, table_id: int, position: int, board: bool) -> None:
        """A click in the replay viewer: show ``position`` (``-1``: the latest) of ``table_id`` in
        the same ephemeral message."""
        if not interaction.response.is_done():
            await interaction.response.defer()
        channel, user = self.ids(interaction)
        lang = user_language(interaction)
        host = self.host_for(interaction, interaction.guild_id is None)
        reply = await self.run(host.replay, channel, user, table_id, position, board=board, lang=lang)
        await self._send_replay(interaction, reply, lang, edit=True, board=board)

    async def _send_replay(self, interaction: discord.Interaction, reply: Reply, lang: str, *, edit: bool,
                           board: bool = False) -> None:
        if not reply.ok:
            await self.private(interaction, reply.private or _error(interaction))
            return
        data = reply.data
        if data is None:
            await self.private(interaction, reply.private or _error(interaction))
            return
        with language(lang):
            view = replay_view(data.table_id, data.position, data.count, board, finished=data.status == "finished")
            content = fit(reply.private or "", MESSAGE_LIMIT)
            picture = board_file(reply.png, self._alt_text(reply)) if reply.png else None
        if edit:
            try:
                await interaction.edit_original_response(content=content or "\u200b",
                                                         attachments=[picture] if picture else [], view=view)
            except discord.NotFound as exc:  # the viewer's message was deleted (10008) or the token is gone
                log_failure(log, f"replay viewer of table {data.table_id}", exc)
                if not token_gone(exc):
                    with language(lang):
                        gone = _("That replay message is gone. {command} opens a new one.",
                                 command=code(slash("solo" if interaction.guild_id is None else "game", "replay")))
                    await self.private(interaction, gone)
            return
        kwargs: dict[str, Any] = {"ephemeral": True, "allowed_mentions": NO_MENTIONS, "view": view}
        if picture is not None:
            kwargs["files"] = [picture]
        await interaction.followup.send(content or "\u200b", **kwargs)

    async def full_board(self, interaction: discord.Interaction, table_id: int) -> None:
        """The "Full board" button under a turn picture: the detailed board of that table now,
        only to the clicker and in their language (their own seat's view if they play there)."""
        await self.defer(interaction)
        channel, user = self.ids(interaction)
        lang = user_language(interaction)
        host = self.host_for(interaction, interaction.guild_id is None)
        reply = await self.run(host.replay, channel, user, table_id, None, board=True, lang=lang)
        await self._private_picture(interaction, reply, lang)

    async def story(self, interaction: discord.Interaction, table_id: int) -> None:
        """"How the game went" in the replay viewer: the story chart of a finished table (VP and
        winning chances turn by turn, the three turning points), only to the clicker and in their
        language; computed off the event loop."""
        await self.defer(interaction)
        channel, user = self.ids(interaction)
        lang = user_language(interaction)
        host = self.host_for(interaction, interaction.guild_id is None)
        reply = await self.run(host.story, channel, user, table_id, mine=True, lang=lang)
        await self._private_picture(interaction, reply, lang)

    async def review(self, interaction: discord.Interaction, table_id: int | None = None, *,
                     solo: bool = False) -> None:
        """``/game review [table]`` and "Your key moments" in the replay viewer: the caller's review
        of a finished table (their three costliest decisions, what would have been better and by how
        much, the mean loss per decision), only to them and in their language, with one button per
        moment that opens the replay viewer at that board. Computed off the event loop (a worker
        thread: it rates every legal move of each of the caller's decisions)."""
        await self.defer(interaction)
        channel, user = self.ids(interaction)
        lang = user_language(interaction)
        host = self.host_for(interaction, solo or interaction.guild_id is None)
        reply = await self.run(host.review, channel, user, table_id, lang=lang)
        if not reply.ok or reply.data is None:
            await self.private(interaction, reply.private or _error(interaction))
            return
        data = reply.data
        with language(lang):
            marks = [(m["position"], _("Round {round}", round=m["round"]) if m["round"] is not None
                      else _("Move {index}", index=m["position"] + 1)) for m in data.moments]
            view = review_view(data.table_id, marks)
            content = fit(reply.private or "", MESSAGE_LIMIT)
        kwargs: dict[str, Any] = {"ephemeral": True, "allowed_mentions": NO_MENTIONS}
        if view is not None:
            kwargs["view"] = view
        await interaction.followup.send(content or "\u200b", **kwargs)

    async def _private_picture(self, interaction: discord.Interaction, reply: Reply, lang: str) -> None:
        """Answer only the clicker with ``reply``'s private text and picture (or its refusal)."""
        if not reply.ok:
            await self.private(interaction, reply.private or _error(interaction))
            return
        with language(lang):
            picture = board_file(reply.png, self._alt_text(reply)) if reply.png else None
        kwargs: dict[str, Any] = {"ephemeral": True, "allowed_mentions": NO_MENTIONS}
        if picture is not None:
            kwargs["files"] = [picture]
        await interaction.followup.send(fit(reply.private or "", MESSAGE_LIMIT) or "\u200b", **kwargs)

    async def export(self, interaction: discord.Interaction, *, solo: bool = False) -> None:
        """``/game export``: the move log of this channel's latest table as two attachments, only to
        you — ``meiji-table-N.json`` (the export ``meiji replay`` reads) and ``meiji-table-N.txt``
        (one move per line in notation). A running game with hidden information exports only
        public forms and no seed."""
        await self.defer(interaction)
        channel, _user = self.ids(interaction)
        lang = user_language(interaction)
        reply = await self.run(self.host_for(interaction, solo).export, channel, lang=lang)
        if not reply.ok or not reply.data:
            await self.private(interaction, reply.private or _error(interaction))
            return
        data = reply.data
        name = f"meiji-table-{data.table_id}"
        lines = [f"# {data.game} · {data.status} · seed {data.seed if data.seed is not None else '-'}"]
        lines += [f"{m['seq']:>4} {m['kind']:<6} {'' if m['seat'] is None else 'seat ' + str(m['seat'] + 1):<7} "
                  f"{m['notation']}" for m in data.moves]
        with language(lang):
            files = [
                discord.File(io.BytesIO(json.dumps(data.as_json(), indent=1, ensure_ascii=False).encode()),
                             filename=f"{name}.json", description=_("Move log (JSON, for meiji replay)")),
                discord.File(io.BytesIO("\n".join(lines).encode()), filename=f"{name}.txt",
                             description=_("Move log (one move per line)")),
            ]
        await interaction.followup.send(reply.private or "\u200b", files=files, ephemeral=True,
                                        allowed_mentions=NO_MENTIONS)

    async def hand(self, interaction: discord.Interaction, *, solo: bool = False) -> None:
        """``/game hand`` and ``/solo hand``: your own view, picture and options (only to you).

        Everything is in the user's language and ephemeral: the seat's view as text, the picture
        of that view, and — when it is your turn — your options as buttons or a menu (the same
        components as under a public board, played through ``Host.choose``; the public message
        of the step shows only its public form).
        """
        await self.defer(interaction)
        channel, user = self.ids(interaction)
        lang = user_language(interaction)
        reply = await self.run(self.host_for(interaction, solo).hand, channel, user, lang=lang)
        if not reply.ok:
            await self.private(interaction, reply.private or _error(interaction))
            return
        data = reply.data
        options = None
        if reply.choices and reply.version is not None and data is not None:
            options = TurnOptions(
                table_id=data.table_id, version=int(reply.version), user_id=user,
                prompt=data.prompt or None,
                choices=tuple((str(n), str(label)) for n, label in reply.choices),
            )
        with language(lang):
            view = turn_view(options)
            text = data.text if data is not None else ""
            turn = data.turn if data is not None else ""
            tail: list[str] = [turn] if turn else []
            if options is not None and view is not None and len(options.choices) <= MAX_BUTTONS:
                tail += option_lines(options)
            elif options is not None and view is None:
                tail.append(_("You have too many options for buttons: play with {command}, which lists them as you "
                              "type.", command=code(slash("move"))))
            head = _("Your view:")
            room = MESSAGE_LIMIT - len(head) - sum(len(t) + 1 for t in tail) - 2
            parts = [head, code_block(text, max(room, 100))] if text else []
            content = fit("\n".join([*parts, *tail]), MESSAGE_LIMIT, log_hint=slash("solo" if solo else "game", "log"))
            picture = board_file(reply.png, self._alt_text(reply)) if reply.png else None
            if options is not None:  # your choices keep the full board at hand
                view = with_board_button(view, options.table_id)
        kwargs: dict[str, Any] = {"ephemeral": True, "allowed_mentions": NO_MENTIONS}
        if picture is not None:
            kwargs["files"] = [picture]
        if view is not None:
            kwargs["view"] = view
        await interaction.followup.send(content or "\u200b", **kwargs)

    async def log(self, interaction: discord.Interaction, n: int = 10, *, solo: bool = False) -> None:
        """``/game log`` and ``/solo log``: the accounts of the last ``n`` turns (only to you, in your
        language). The notation of every move stays in ``/game export`` and the replay viewer."""
        await self.defer(interaction)
        channel, user = self.ids(interaction)
        lang = user_language(interaction)
        host = self.host_for(interaction, solo)
        if not isinstance(n, int) or isinstance(n, bool) or not 1 <= n <= 200:
            with language(lang):
                await self.private(interaction, _("Ask for 1 to {max} turns.", max=200))
            return
        reply = await self.run(host.accounts, channel, user, last=n, in_caller_language=True, lang=lang)
        if not reply.ok:
            # a table that has not started: what the plain log says about it (an empty log, a lobby)
            plain = await self.run(host.log, channel, n, lang=lang)
            if not plain.ok:
                await self.private(interaction, plain.private or _error(interaction))
                return
            with language(lang):
                await self.private(interaction, plain.private or _("The log is empty."))
            return
        with language(lang):
            text = latest_accounts_text([dict(a) for a in reply.data.accounts] if reply.data is not None else [], limit=MESSAGE_LIMIT,
                                        log_hint=code(slash("solo" if solo or interaction.guild_id is None else "game",
                                                            "export")))
            text = text or _("The log is empty.")
        await interaction.followup.send(text, ephemeral=True, allowed_mentions=NO_MENTIONS)

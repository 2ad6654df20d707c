"""Thai ``--help`` screens and Thai command-line errors for every ``samrap`` command.

Typer takes help strings when the app is defined, in English. The app is built from
:class:`SamrapGroup` and its commands from :class:`SamrapCommand`, which leave the English help
as Typer writes it but write the whole screen themselves when the help language is Thai: the
usage line, the description, and each argument and option with a Thai value name, Thai help
and the default. The help language is a ``--lang`` among the words typed, else the
environment's (:func:`samrap.cli.common.env_lang`: ``SAMRAP_LANG``, else a Thai locale), as a
gettext-translated CLI would pick it.

The Thai texts are one catalogue (:data:`HELP_TH`) keyed by command and parameter name, so a
command's English help stays beside its code and ``tests/cli/test_helptext.py`` fails on any
command or option without its Thai. Errors found while the words are parsed (``--seed abc``, a
missing ``--seats``, an unknown option) are click's English; in Thai they become one line naming
the option, like samrap's own errors.
"""

from __future__ import annotations

from typing import Annotated

import typer
from typer._click import Command, Context, HelpFormatter, Parameter
from typer._click.exceptions import (
    BadOptionUsage,
    BadParameter,
    MissingParameter,
    NoArgsIsHelpError,
    NoSuchOption,
    UsageError,
)
from typer._click.formatting import join_options
from typer._click.utils import make_default_short_help
from typer.core import TyperArgument, TyperCommand, TyperGroup, TyperOption

from samrap.cli.common import LANGS, env_lang, fail

#: ``--lang`` of every command; ``None`` (not given) is the environment's language (:func:`env_lang`).
LangOpt = Annotated[
    str | None,
    typer.Option(
        "--lang",
        help="Language of the screens, prompts, help and errors: en or th "
        "(default: $SAMRAP_LANG, else th under a Thai locale in LC_ALL, LC_MESSAGES or LANG, else en).",
    ),
]


#: Where the words given to a command are kept on the click context (shared by parent and child).
_ARGS = "samrap.args"

#: ``command`` -> description, ``command.param`` -> that option's help; ``*.param`` is any command's
#: option of that name; ``arg.param`` is an argument's name on the Thai screen.
HELP_TH: dict[str, str] = {
    "samrap": "ดัมมี่และคอนแทรครัมมี่: เล่น จำลอง เล่นซ้ำ และตรวจบันทึกเกม",
    "samrap.version": "แสดงรุ่นของโปรแกรมแล้วจบ",
    "*.help": "แสดงวิธีใช้นี้แล้วจบ",
    "*.game": "ชื่อเกมหรือกติกาแบบข้อความ เช่น dummy หรือ 'dummy(players=3)'",
    "*.players": "จำนวนที่นั่ง",
    "*.preset": "ชุดกติกา (ดู samrap rules dummy)",
    "*.config": "ตัวเลือกเพิ่มจากชุดกติกา: 'target=50,ace_low=true'",
    "*.bots": "บอท: ชื่อเดียวใช้ทุกที่นั่งของบอท หรือหนึ่งชื่อต่อที่นั่ง คั่นด้วยจุลภาค: random, heuristic, "
    "ismcts:iters=200, easy, medium, hard, expert, learned, external:'python my_bot.py'",
    "*.lang": "ภาษาของหน้าจอ คำถาม วิธีใช้ และข้อผิดพลาด: en หรือ th (ค่าปกติ: ตาม $SAMRAP_LANG ถ้าตั้งไว้ "
    "ไม่เช่นนั้น th เมื่อ LC_ALL, LC_MESSAGES หรือ LANG เป็นภาษาไทย ไม่เช่นนั้น en)",
    "*.as_json": "พิมพ์ผลเป็น JSON",
    "*.seed": "ค่า seed",
    "*.record": "บันทึกเกมของ samrap (ไฟล์ JSON)",
    "arg.game": "เกม",
    "arg.file": "ไฟล์บันทึก",
    "arg.record": "ไฟล์บันทึก",
    "arg.folder": "โฟลเดอร์",
    "play": "เล่นแมตช์ที่ที่นั่ง 0 กับบอท (ระดับ easy, medium, hard, expert หรือบอทแบบใดก็ได้)\n\n"
    "ระดับ: easy (ง่าย) เล่นพลาดบ้าง ราวหนึ่งในสามตาเดินแบบสุ่ม; medium (ปานกลาง) เล่นตามหลักอย่างรอบคอบ "
    "ทิ้งไพ่ที่ปลอดภัย เอาไพ่ขึ้นมือเฉพาะเมื่อเป็นประโยชน์; hard (ยาก) คิดล่วงหน้า ลองทางเดินที่ดีที่สุดในเกมจำลอง"
    "ก่อนเล่นจริง; expert (เซียน) คิดนานกว่าระดับยากได้ถึงสี่เท่า โดยเฉพาะเมื่อต้องเลือกว่าจะลงไพ่หรือเก็บไว้ (ไม่เกิน 2.5 วินาทีต่อตา); "
    "learned (เรียนรู้ เฉพาะดัมมี่) เล่นด้วยโครงข่ายประสาทเล็ก ๆ ที่ฝึกโดยเลียนแบบระดับปานกลาง "
    "(บอทสำหรับงานวิจัย ไม่อยู่ในลำดับระดับ ต้องมี numpy)",
    "play.seed": "ค่า seed ของแมตช์ (ค่าปกติ: สุ่ม)",
    "play.record": "ไฟล์บันทึกเกม (ค่าปกติ: ชื่อตามวันเวลา)",
    "play.name": "ชื่อของคุณในบันทึก (ค่าปกติ: คุณ)",
    "simulate": "ให้บอทเล่นกันหลายเกมด้วยค่า seed ที่กำหนด (ค่าปกติ: บอท random) แล้วสรุปผล",
    "simulate.games": "จำนวนเกม",
    "simulate.seed": "ค่า seed ของการจำลองทั้งชุด",
    "simulate.record": "โฟลเดอร์เก็บบันทึกเกมละหนึ่งไฟล์",
    "simulate.as_json": "พิมพ์สรุปผลเป็น JSON",
    "replay": "เล่นซ้ำบันทึกเกม ตรวจทุกการเดินและทุกแต้ม (รหัสจบ 0 ถูกต้อง 1 ไม่ถูกต้อง 2 ไม่ใช่บันทึกเกม)",
    "replay.file": "บันทึกเกมของ samrap (ไฟล์ JSON)",
    "replay.as_json": "พิมพ์ผลการเล่นซ้ำเป็น JSON",
    "replay.verify": "ตรวจลำดับไพ่ทุกสำรับกับค่าแฮชที่ประกาศก่อนแจก (SHA-256) ด้วย",
    "rules": "แสดงกติกาของชุดกติกาพร้อมตัวเลือกเป็นคำอธิบาย แล้วแสดงชุดกติกาและตัวเลือกทั้งหมดของเกม",
    "rules.option": "ตัวเลือกหนึ่งข้อแบบ ชื่อ=ค่า (ใส่ซ้ำได้)",
    "export-static": "เขียนเว็บแอปพร้อมชุดเล่นออฟไลน์เป็นไฟล์นิ่ง วางบนเว็บโฮสต์ใดก็ได้ (บอทเล่นในเบราว์เซอร์)",
    "export-static.folder": "โฟลเดอร์ที่จะเขียนเว็บลงไป (สร้างให้ถ้ายังไม่มี)",
    "serve": "เปิดเซิร์ฟเวอร์เกม: เล่นออนไลน์กับเพื่อนและบอท (ล็อบบี้และเว็บซ็อกเก็ต)",
    "serve.host": "ที่อยู่ที่รอรับการเชื่อมต่อ",
    "serve.port": "พอร์ตที่รอรับการเชื่อมต่อ",
    "serve.db": "ที่อยู่ฐานข้อมูลหรือไฟล์ SQLite (ค่าปกติ: ไฟล์ในโฟลเดอร์ข้อมูลของผู้ใช้)",
    "serve.public_url": "ที่อยู่ที่คนอื่นใช้เข้าเซิร์ฟเวอร์นี้ (ลิงก์แชร์) ค่าปกติ: http:// ตามด้วย --host และ --port",
    "serve.node": "ชื่อของโพรเซสนี้ในการจองโต๊ะ (ค่าปกติ: --host และ --port)",
    "serve.bot_delay": "ตัวคูณเวลารอของบอททุกโต๊ะ (0: บอทเดินทันที)",
    "serve.log_level": "ระดับของข้อความบันทึกการทำงานของ uvicorn",
    "serve.rate_limits": "จำกัดจำนวนคำขอต่อที่อยู่: off หรือรายการเช่น tables=20/60,joins=off,exempt='10.0.0.2' "
    "(ค่าปกติ: ตาม $SAMRAP_RATE_LIMITS ถ้าตั้งไว้ ไม่เช่นนั้นใช้ค่าในโปรแกรม ดู docs/deployment.md)",
    "serve.forwarded_allow_ips": "ที่อยู่ของพร็อกซี (หรือเครือข่าย หรือ '*') คั่นด้วยจุลภาค ที่เชื่อส่วนหัว "
    "X-Forwarded-For ว่าบอกผู้ใช้จริง (ค่าปกติ: ไม่มีเลย แม้แต่ 127.0.0.1 ผู้ใช้คือปลายอีกด้านของการเชื่อมต่อ "
    "ดู docs/deployment.md)",
    "serve.loop": "วงรอบเหตุการณ์: auto (uvloop ถ้าติดตั้งไว้ ไม่เช่นนั้น asyncio), asyncio หรือ uvloop",
    "serve.node_url": "ที่อยู่ที่โพรเซสอื่นใช้ส่งต่อคำขอมายังโพรเซสนี้ (หลายโพรเซสหลังตัวกระจายโหลด ค่าปกติ: --public-url)",
    "serve.check": "ตรวจการตั้งค่า (ฐานข้อมูล ที่อยู่สาธารณะ ส่วนหัวจากพร็อกซี เว็บซ็อกเก็ต) แล้วจบ ไม่เปิดเซิร์ฟเวอร์",
    "serve.hint_workers": "จำนวนโพรเซสที่คิดคำแนะนำ (ค่าปกติ: จำนวนแกนประมวลผลลบหนึ่ง 0: ใช้เธรดในเซิร์ฟเวอร์)",
    "serve.hint_nice": "ลดลำดับความสำคัญของโพรเซสที่คิดคำแนะนำลงจากเซิร์ฟเวอร์เท่าใด (0-19 ค่าปกติ 2 "
    "ค่ามากขึ้น: โต๊ะมาก่อนเมื่อเครื่องมีงานล้น 0: คำแนะนำเชิงลึกมาเร็วที่สุด)",
    "tournament": "ให้บอทแข่งกันบนไพ่ชุดเดียวกัน (บอททุกตัวเล่นทุกการแจกจากทุกที่นั่ง)",
    "tournament.game": "ชื่อเกมหรือกติกาแบบข้อความ เช่น dummy หรือ 'contract(players=4)'",
    "tournament.seats": "บอทหนึ่งตัวต่อที่นั่ง คั่นด้วยจุลภาค: ismcts:1s,heuristic",
    "tournament.games": "จำนวนการแจก แต่ละการแจกเล่นครบทุกการหมุนที่นั่ง",
    "tournament.seed": "ค่า seed ของการแข่งขัน (กำหนดทุกการแจก)",
    "tournament.hands": "ตัดแต่ละแมตช์ให้เหลือเท่านี้เกม (ดัมมี่: 1 = เกมเดี่ยว)",
    "tournament.preset": "ชุดกติกาของเกม",
    "tournament.config": "ตัวเลือกเพิ่มจากชุดกติกา",
    "tournament.workers": "จำนวนโพรเซส (เมื่อใช้ local)",
    "tournament.backend": "local (โพรเซสในเครื่องนี้) หรือ ray",
    "tournament.address": "ที่อยู่คลัสเตอร์ของ ray (ค่าปกติ: เครื่องนี้)",
    "tournament.plot": "เขียนแผนภูมิผลเป็นไฟล์ภาพ PNG หรือ SVG",
    "tournament.record": "โฟลเดอร์เก็บบันทึกแมตช์ละหนึ่งไฟล์",
    "hint": "จัดอันดับการเดินที่เลือกได้ก่อนการเดินที่ระบุ (--at) ของเกมที่บันทึกไว้ พร้อมค่าประเมินของบอทและเหตุผล",
    "hint.at": "การเดินที่เท่าไรของเกม (1 = การเดินแรก)",
    "hint.game": "เกมที่เท่าไรของแมตช์ (1 = เกมแรก)",
    "hint.bot": "บอทที่จัดอันดับ: ismcts (หรือ ismcts:iters=300 เป็นต้น) หรือ heuristic",
    "hint.seed": "ค่า seed ของการค้นหา",
    "hint.top": "แสดงไม่เกินเท่านี้การเดิน (0: ทั้งหมด)",
    "hint.as_json": "พิมพ์คำแนะนำเป็น JSON",
    "review": "วิเคราะห์ทุกการตัดสินใจของที่นั่งหนึ่งในเกมที่บันทึกไว้: การเดินที่ดีที่สุดที่พบ แต้มที่เสีย ผล และเหตุผล",
    "review.record": "บันทึกเกมของ samrap (ไฟล์ JSON) ที่เล่นจบแล้ว",
    "review.seat": "ที่นั่งที่จะวิเคราะห์ (0 = ที่นั่งแรก)",
    "review.game": "เฉพาะเกมนี้ของแมตช์ (1 = เกมแรก 0: ทุกเกม)",
    "review.seed": "ค่า seed ของการจำลอง (ค่า seed เดิม ผลเหมือนเดิม)",
    "review.deals": "จำนวนการแจกจำลองต่อการตัดสินใจ (0: ค่าปกติของเกม)",
    "review.second_look": (
        "จำนวนการแจกใหม่ต่อรอบเมื่อดูซ้ำการเดินที่การดูครั้งแรกยังไม่แน่ใจ ดูซ้ำได้ถึง 4 รอบจนกว่าจะตัดสินได้ (-1: สองเท่าของ --deals 0: ไม่ดูซ้ำ)"
    ),
    "review.show": "การตัดสินใจที่จะแสดง: mistakes (เฉพาะที่พลาด) หรือ all (ทั้งหมด)",
    "review.as_json": "พิมพ์การวิเคราะห์เป็น JSON",
    "review.retry": "ลองใหม่: หลังการวิเคราะห์ ลองเดินแต่ละตำแหน่งที่พลาดใหม่ จากมุมมองของที่นั่งนั้น",
    "review.progress_file": "ไฟล์เก็บความคืบหน้าของ --retry (ปกติ ~/.samrap/learn.json)",
    "learn": "หัดเล่น: บทเรียนสั้นๆ แต่ละบทให้หาการเดินที่ถูก",
    "learn.game": "บทเรียนของเกม: dummy หรือ contract",
    "learn.lesson": "เริ่มที่บทเรียนนี้ (ชื่อย่อของบท ดูจาก --list)",
    "learn.progress": "ไฟล์เก็บความคืบหน้า (ค่าปกติ: ~/.samrap/learn.json)",
    "learn.show": "แสดงรายการบทเรียนและบทที่เรียนแล้ว แล้วจบ",
    "learn.puzzles": "โจทย์: ตำแหน่งจากเกมจริงที่มีการเดินหนึ่งดีที่สุดชัดเจน พร้อมระดับของคุณ",
    "learn.today": "โจทย์ประจำวัน (วันละหนึ่งโจทย์ เหมือนกันทุกคน)",
    "learn.puzzle": "ลองโจทย์นี้ (ชื่อย่อของโจทย์)",
}

#: Typer's value types on a Thai screen (``<จำนวนเต็ม>`` for ``<int>``) and in Thai errors.
_KINDS = {
    "<int>": "จำนวนเต็ม",
    "<int range>": "จำนวนเต็ม",
    "<float>": "ตัวเลข",
    "<str>": "ข้อความ",
    "<path>": "ที่อยู่ไฟล์",
    "<list[str]>": "ข้อความ",
}


def thai_help(command: str, key: str) -> str:
    """The Thai help of ``key`` (a parameter's name, or ``""`` for the command's description)."""
    if not key:
        return HELP_TH.get(command, "")
    return HELP_TH.get(f"{command}.{key}") or HELP_TH.get(f"*.{key}", "")


def help_lang(ctx: Context) -> str:
    """The language of a help screen or parse error: ``--lang`` among the words typed, else the environment's."""
    words: list[str] = ctx.meta.get(_ARGS, [])
    for k, word in enumerate(words):
        value = word.removeprefix("--lang=") if word.startswith("--lang=") else None
        if word == "--lang" and k + 1 < len(words):
            value = words[k + 1]
        if value in LANGS:
            return value
    return env_lang()


def _kind(param: Parameter, ctx: Context) -> str:
    shown = param.display_type(ctx) if isinstance(param, TyperOption | TyperArgument) else None
    return _KINDS.get(str(shown), "ค่า")


def _field(command: str, param: Parameter) -> str:
    """How a Thai line names a parameter: an option by its long name, an argument by its Thai name."""
    if isinstance(param, TyperOption):
        return max(param.opts, key=len)
    return HELP_TH.get(f"arg.{param.name}", str(param.name))


def _row(command: str, param: Parameter, ctx: Context) -> tuple[str, str]:
    """One line of the Thai help: the option (or argument) with its value, and its help and default."""
    name = param.name or ""
    if isinstance(param, TyperOption):
        left = join_options(param.opts)[0]
        if not param.is_flag and not param.count:
            left += f" <{_kind(param, ctx)}>"
    else:
        left = f"{_field(command, param)} <{_kind(param, ctx)}>"
    extra = []
    default = param.default
    if default is not None and default is not False and not callable(default) and name != "help":
        extra.append(f"ค่าปกติ: {default}")
    low, high = getattr(param, "min", None), getattr(param, "max", None)
    if low is not None and high is not None:
        extra.append(f"{low} ถึง {high}")
    elif low is not None:
        extra.append(f"ตั้งแต่ {low}")
    if param.required:
        extra.append("ต้องระบุ")
    text = thai_help(command, name)
    if extra:
        text = f"{text}  [{'; '.join(extra)}]" if text else f"[{'; '.join(extra)}]"
    return left, text


def write_thai_help(command: Command, ctx: Context, formatter: HelpFormatter, key: str, group: bool) -> None:
    """The whole help screen of ``command`` in Thai, laid out as click lays out the English one."""
    params = [p for p in command.get_params(ctx) if not getattr(p, "hidden", False)]
    pieces = ["[ตัวเลือก]"]
    for p in params:
        if isinstance(p, TyperArgument):
            pieces.append(f"<{_field(key, p)}>" if p.required else f"[{_field(key, p)}]")
    if group:
        pieces.append("คำสั่ง [อาร์กิวเมนต์]...")
    formatter.write_usage(ctx.command_path, " ".join(pieces), prefix="วิธีใช้: ")
    formatter.write_paragraph()
    with formatter.indentation():
        formatter.write_text(thai_help(key, ""))
    arguments = [_row(key, p, ctx) for p in params if isinstance(p, TyperArgument)]
    options = [_row(key, p, ctx) for p in params if isinstance(p, TyperOption)]
    for title, rows in (("อาร์กิวเมนต์", arguments), ("ตัวเลือก", options)):
        if rows:
            with formatter.section(title):
                formatter.write_dl(rows)
    if group and isinstance(command, TyperGroup):
        names = [n for n in command.list_commands(ctx) if not getattr(command.get_command(ctx, n), "hidden", True)]
        limit = formatter.width - 6 - max((len(n) for n in names), default=0)
        rows = [(n, make_default_short_help(thai_help(n, ""), limit)) for n in names]
        if rows:
            with formatter.section("คำสั่ง"):
                formatter.write_dl(rows)


def thai_usage_error(key: str, ctx: Context, error: UsageError) -> str:
    """One Thai line for a parse error, naming the option (or argument) that is wrong."""
    if isinstance(error, MissingParameter) and error.param is not None:
        return f"ต้องระบุ {_field(key, error.param)}"
    if isinstance(error, BadParameter) and error.param is not None:
        param = error.param
        low, high = getattr(param, "min", None), getattr(param, "max", None)
        if low is not None and high is not None:
            bounds = f"ตั้งแต่ {low} ถึง {high}"
        elif low is not None:
            bounds = f"ตั้งแต่ {low} ขึ้นไป"
        elif high is not None:
            bounds = f"ไม่เกิน {high}"
        else:
            bounds = ""
        return f"{_field(key, param)}: ต้องเป็น{_kind(param, ctx)}{bounds}"
    if isinstance(error, NoSuchOption):
        return f"ไม่มีตัวเลือก {error.option_name} (ดูวิธีใช้: {ctx.command_path} --help)"
    if isinstance(error, BadOptionUsage):
        return f"ต้องใส่ค่าหลัง {error.option_name} (ดูวิธีใช้: {ctx.command_path} --help)"
    return f"คำสั่งไม่ถูกต้อง (ดูวิธีใช้: {ctx.command_path} --help)"


class SamrapCommand(TyperCommand):
    """A samrap command: Typer's, with the help screen and parse errors in Thai when the help language is Thai."""

    def parse_args(self, ctx: Context, args: list[str]) -> list[str]:
        ctx.meta[_ARGS] = list(args)
        try:
            return super().parse_args(ctx, args)
        except UsageError as e:
            if isinstance(e, NoArgsIsHelpError) or help_lang(ctx) != "th":
                raise
            fail(thai_usage_error(self.name or "", ctx, e), lang="th")

    def format_help(self, ctx: Context, formatter: HelpFormatter) -> None:
        if help_lang(ctx) != "th":
            super().format_help(ctx, formatter)
        else:
            write_thai_help(self, ctx, formatter, self.name or "", group=False)


class SamrapGroup(TyperGroup):
    """The ``samrap`` group: its help screen, unknown commands and parse errors in Thai when the language is Thai."""

    def parse_args(self, ctx: Context, args: list[str]) -> list[str]:
        ctx.meta[_ARGS] = list(args)
        try:
            return super().parse_args(ctx, args)
        except UsageError as e:
            if isinstance(e, NoArgsIsHelpError) or help_lang(ctx) != "th":
                raise
            fail(thai_usage_error("samrap", ctx, e), lang="th")

    def resolve_command(self, ctx: Context, args: list[str]) -> tuple[str | None, Command | None, list[str]]:
        try:
            return super().resolve_command(ctx, args)
        except UsageError:
            if help_lang(ctx) != "th":
                raise
            fail(f"ไม่มีคำสั่ง {args[0]} (คำสั่งที่มี: {', '.join(self.list_commands(ctx))})", lang="th")

    def format_help(self, ctx: Context, formatter: HelpFormatter) -> None:
        if help_lang(ctx) != "th":
            super().format_help(ctx, formatter)
        else:
            write_thai_help(self, ctx, formatter, "samrap", group=True)

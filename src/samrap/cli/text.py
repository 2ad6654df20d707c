"""Every sentence the terminal commands say to a player, in English and Thai (``--lang``).

One table, so a Thai screen can be checked whole (``tests/cli/test_thai.py`` fails on any Latin
word in Thai output but card texts, action notation and names) and a new sentence cannot be added
in one language only. The Thai words are those of ``docs/thai-terms.md``: แต้ม for
points, ชุด for a meld, รอบ for a Contract Rummy deal, หมดมือ for going out.

Placeholders are :meth:`str.format` fields; ``{unit}`` is the game's word for one game of a
match (Dummy: game/เกม, Contract Rummy: deal/รอบ).
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from typing import Any

from samrap.core.text import seat_text
from samrap.players.levels import LEVEL_PEOPLE, level_names

__all__ = ["TEXTS", "plural", "say", "seat_text"]

#: key -> (English, Thai).
TEXTS: dict[str, tuple[str, str]] = {
    # samrap play
    "play.header": (
        "{title}  {config}  seed {seed}  (the same --seed deals the same cards)",
        "{title}  ค่า seed {seed}  (ค่า seed เดิมแจกไพ่เหมือนเดิม)",
    ),
    "play.you_are": (
        "You are {seat}. Type ? for help, ! for a hint, q to quit.",
        "คุณคือ {seat} พิมพ์ ? ดูวิธีเล่น ! ขอคำแนะนำ q เลิกเล่น",
    ),
    "play.moves": ("Your moves:", "การเดินที่เลือกได้:"),
    "play.prompt": (
        "move (number, action, ? help, ! hint, q quit)> ",
        "เลือก (เลข, การเดิน, ? วิธีเล่น, ! คำแนะนำ, q เลิก)> ",
    ),
    "play.not_a_move": ("not a move: {error}", "ไม่ใช่การเดิน: {error}"),
    "play.no_such_move": ("there is no move {k}; choose 1-{n}", "ไม่มีการเดินที่ {k} เลือกได้ 1-{n}"),
    "play.unreadable": ("{error}", "อ่าน {answer!r} ไม่ออก พิมพ์ ? ดูวิธีพิมพ์"),
    "play.no_card_move": ("no listed move of the form '<letter> {card}'", "ไม่มีการเดินในรายการที่ใช้ {card} ใบเดียว"),
    "play.ambiguous": (
        "{card} could be {options}: type the whole move",
        "{card} เป็นได้หลายแบบ ({options}) พิมพ์การเดินให้ครบ",
    ),
    "play.illegal": ("illegal: {action}: {error}", "{action}: ผิด{error}"),
    "play.bot_broke": ("a bot stopped the match: {error}", "บอทภายนอกทำงานผิดพลาด แมตช์จึงหยุด"),
    "play.hint": ("Hint:", "คำแนะนำ:"),
    "play.started": (
        "=== {Unit} {number}: {seat} starts, {way} ===",
        "=== {unit}ที่ {number}: {seat} เริ่ม เวียน{way} ===",
    ),
    "play.dealer": ("{seat} deals; the player after the dealer starts.", "{seat} เป็นผู้แจก คนถัดจากผู้แจกเริ่มก่อน"),
    "way.clockwise": ("clockwise", "ตามเข็ม"),
    "way.counter": ("counter-clockwise", "ทวนเข็ม"),
    "play.ledger": ("Ledger, {unit} {number}", "สรุปแต้ม {unit}ที่ {number}"),
    "play.match": ("Match", "แต้มรวม"),
    "play.stopped_quit": (
        "Match stopped (quit) after {finished}.",
        "หยุดเล่นแล้ว (เลิกเล่น) จบไป {count} {unit}",
    ),
    "play.stopped_eof": (
        "Match stopped (end of input) after {finished}.",
        "หยุดเล่นแล้ว (ไม่มีข้อมูลเข้าอีก) จบไป {count} {unit}",
    ),
    "play.stopped_interrupt": (
        "Match stopped (interrupted) after {finished}.",
        "หยุดเล่นแล้ว (ถูกขัดจังหวะ) จบไป {count} {unit}",
    ),
    "play.over": (
        "Match over after {played}. Winner: {winners}  totals {totals}",
        "จบแมตช์ใน {count} {unit} ผู้ชนะ: {winners}  แต้มรวม {totals}",
    ),
    "play.no_record": ("No game finished: no record written.", "ยังไม่จบสัก{unit}: ไม่ได้บันทึก"),
    "play.recorded": (
        "Record written to {path}  (check it with: samrap replay {path})",
        "บันทึกเกมไว้ที่ {path}",
    ),
    "play.record_path": ("cannot write the record {path}: {why}", "บันทึกเกมที่ {path} ไม่ได้ ({why})"),
    "path.folder": ("it is a folder", "เป็นโฟลเดอร์"),
    "path.no_folder": ("no folder {folder}", "ไม่มีโฟลเดอร์ {folder}"),
    "path.read_only": ("the file is read-only", "ไฟล์นี้เขียนทับไม่ได้"),
    "path.not_writable": ("the folder {folder} is not writable", "เขียนลงโฟลเดอร์ {folder} ไม่ได้"),
    "path.os_error": ("{why}", "ระบบไม่ยอมให้เขียน"),
    "play.help": (
        """\
Answer with one of:
  a number             the move with that number in the list
{moves}
  a card               Qs alone picks the one listed move ending in Qs of the form "<letter> Qs"
  ?                    this help and the moves again
  !                    a hint: the best moves by the heuristic bot, with its reasons (from your view only)
  q                    quit the match (finished games are still recorded)
Cards: rank 2-9 T J Q K A (or 10) then suit c d h s (or ♣ ♦ ♥ ♠): 7c, Th, 10h, Q♠.""",
        """\
ตอบได้อย่างใดอย่างหนึ่ง:
  เลข                  การเดินที่มีเลขนั้นในรายการ
{moves}
  ไพ่ใบเดียว            เช่น Qs เลือกการเดินในรายการที่ใช้ Qs ใบเดียว (เช่นทิ้ง Qs)
  ?                    วิธีเล่นนี้และรายการการเดินอีกครั้ง
  !                    คำแนะนำ: การเดินที่ดีที่สุดของบอท พร้อมเหตุผล (ดูจากไพ่ที่คุณเห็นเท่านั้น)
  q                    เลิกเล่น ({unit}ที่จบแล้วยังบันทึกไว้)
ไพ่: หน้าไพ่ 2-9 T J Q K A (หรือ 10) ตามด้วยดอก c d h s (หรือ ♣ ♦ ♥ ♠): 7c, Th, 10h, Q♠""",
    ),
    # score tables
    "table.seat": ("seat", "ผู้เล่น"),
    "table.item": ("item", "รายการ"),
    "table.points": ("points", "แต้ม"),
    "table.unit_total": ("{unit} total", "รวม{unit}นี้"),
    "table.total": ("total", "รวม"),
    # samrap replay
    "replay.header": (
        "{title}  {config}  {played}  seed {seed}  date {date}",
        "{title}  {count} {unit}  ค่า seed {seed}  วันที่ {date}",
    ),
    "replay.no_seed": ("none (a server deal: --verify checks its shuffle commitments)", "ไม่มี (เกมจากเซิร์ฟเวอร์)"),
    "replay.no_commitment": (
        "no shuffle commitment in this record (only server records carry them); nothing further to verify",
        "บันทึกนี้ไม่มีค่าแฮชที่ประกาศก่อนแจก (SHA-256) (มีเฉพาะเกมจากเซิร์ฟเวอร์) จึงไม่มีอะไรให้ตรวจเพิ่ม",
    ),
    "replay.commitment": ("shuffle commitment, {unit} {number}: {mark}: {message}", "การสับไพ่{unit}ที่ {number}: {mark}"),
    "commitment.fair": ("fair", "ตรงกับค่าแฮชที่ประกาศก่อนแจก (SHA-256)"),
    "commitment.mismatch": ("MISMATCH", "ไม่ตรงกับค่าแฮชที่ประกาศก่อนแจก (SHA-256)"),
    "commitment.none": ("none", "ไม่มีค่าแฮช"),
    "replay.players": ("players: {players}", "ผู้เล่น: {players}"),
    "replay.ledger": (
        "Ledger, {unit} {number}: {seat} starts, {way}, {actions} actions",
        "สรุปแต้ม {unit}ที่ {number}: {seat} เริ่ม เวียน{way} เดิน {actions} ครั้ง",
    ),
    "replay.valid": (
        "valid: {played}, {actions_text} replayed; winners: {winners}",
        "ถูกต้อง: เล่นซ้ำ {count} {unit} {actions} การเดิน ผู้ชนะ: {winners}",
    ),
    "replay.no_winner": ("none (match not complete)", "ไม่มี (แมตช์ยังไม่จบ)"),
    "replay.not_record": ("{file} is not a samrap record: {error}", "{file} ไม่ใช่บันทึกเกมของสำรับ: {error}"),
    "replay.unreadable": ("cannot read {file}: {why}", "อ่าน {file} ไม่ได้ (ไม่มีไฟล์หรือเปิดไม่ได้)"),
    "replay.invalid": ("invalid: {problem}", "ไม่ถูกต้อง: {problem}"),
    "replay.where_result": ("result", "ผลของแมตช์"),
    "replay.where_game": ("{unit} {game}", "{unit}ที่ {game}"),
    "replay.where_action": ("{unit} {game}, action {action}", "{unit}ที่ {game} การเดินที่ {action}"),
    "replay.rule": ("rule {rule}", "ผิดกติกาข้อ {rule}"),
    "replay.no_rule": ("does not match the record", "ไม่ตรงกับที่บันทึกไว้"),
    "replay.bad_commitment": (
        "invalid: a deck order does not match its shuffle commitment",
        "ไม่ถูกต้อง: ลำดับไพ่ไม่ตรงกับค่าแฮชที่ประกาศก่อนแจก (SHA-256)",
    ),
    # samrap hint
    "hint.title": (
        "Hints, {unit} {game} before action {at}: {player} (seat {seat}) to play, by {bot}",
        "คำแนะนำ {unit}ที่ {game} ก่อนการเดินที่ {at}: ตาของ {player} (ที่นั่ง {seat})",
    ),
    "hint.no_game": (
        "the record has {count} {unit}s; {unit} {game} does not exist",
        "บันทึกนี้มี {count} {unit} ไม่มี{unit}ที่ {game}",
    ),
    "hint.no_action": (
        "{unit} {game} has {count} actions; --at must be 1 to {count}",
        "{unit}ที่ {game} มีการเดิน {count} ครั้ง เลือกการเดินที่ 1 ถึง {count}",
    ),
    "hint.played": ("move played (*)", "การเดินที่เล่นจริง (*)"),
    "hint.col.move": ("move", "การเดิน"),
    "hint.col.win": ("win", "โอกาสชนะ"),
    "hint.col.points": ("points", "แต้ม"),
    "hint.col.value": ("value", "ค่า"),
    "hint.col.playouts": ("playouts", "จำลอง"),
    "hint.col.reason": ("reason", "เหตุผล"),
    "hint.broken": (
        "the record breaks the rules before action {at}: {error}",
        "บันทึกผิดกติกาข้อ {rule} ก่อนการเดินที่ {at}",
    ),
    "hint.bot_spec": ("--bot: {error}", "--bot ใช้ไม่ได้: {error}"),
    "hint.bot_kind": (
        "--bot must be ismcts[:budget] or heuristic (a bot that can rank moves)",
        "--bot ต้องเป็น ismcts หรือ heuristic (บอทที่จัดอันดับการเดินได้)",
    ),
    "learn.no_course": ("no course for {game!r}; courses: {courses}", "ไม่มีบทเรียนของ {game!r} บทเรียนที่มี: {courses}"),
    "learn.no_lesson": ("{error}", "--lesson: ไม่มีบทเรียน {lesson} ในบทเรียนของ {game} (ดูรายการด้วย --list)"),
    "puzzle.no_such": (
        "--puzzle: no puzzle {puzzle!r} in the {game} puzzles",
        "--puzzle: ไม่มีโจทย์ {puzzle!r} ในโจทย์ของ {game}",
    ),
    "puzzle.header": (
        "Puzzle {id} · {theme} · puzzle rating {rating} · your rating {you}",
        "โจทย์ {id} · {theme} · ระดับโจทย์ {rating} · ระดับของคุณ {you}",
    ),
    "puzzle.today": (
        "Puzzle of the day {id} · {theme} · puzzle rating {rating} · your rating {you}",
        "โจทย์ประจำวัน {id} · {theme} · ระดับโจทย์ {rating} · ระดับของคุณ {you}",
    ),
    "puzzle.question": (
        "One move is clearly best here (two looks at simulated deals agree). Which one?",
        "ตานี้มีการเดินหนึ่งที่ดีที่สุดชัดเจน (ดูเกมจำลองสองรอบได้ผลตรงกัน) การเดินไหน",
    ),
    "puzzle.prompt": (
        "your move (number, action, ? legal moves, q quit)> ",
        "การเดินของคุณ (เลข, การเดิน, ? ดูการเดินที่ทำได้, q ออก)> ",
    ),
    "puzzle.you": ("you", "คุณ"),
    "puzzle.player": ("player {n}", "ผู้เล่น {n}"),
    "puzzle.rating": ("Your puzzle rating: {old} -> {new}", "ระดับโจทย์ของคุณ: {old} -> {new}"),
    "puzzle.tried_before": (
        "(tried before: your rating counts first tries only)",
        "(เคยลองโจทย์นี้แล้ว ระดับของคุณนับเฉพาะการลองครั้งแรก)",
    ),
    "puzzle.bye": ("Ratings saved.", "บันทึกระดับไว้แล้ว"),
    "puzzle.both": ("--today and --puzzle: choose one", "--today กับ --puzzle เลือกได้อย่างเดียว"),
    # samrap review
    "review.show": ("--show must be mistakes or all", "--show ต้องเป็น mistakes (เฉพาะที่พลาด) หรือ all (ทุกการตัดสินใจ)"),
    "review.deals": ("--deals must be 0 (the default) or at least 2", "--deals ต้องเป็น 0 (ค่าปกติ) หรือตั้งแต่ 2 ขึ้นไป"),
    "review.second_look": (
        "--second-look must be 0 (off), -1 (the default: twice --deals) or at least 2",
        "--second-look ต้องเป็น 0 (ไม่ดูซ้ำ) -1 (ค่าปกติ: สองเท่าของ --deals) หรือตั้งแต่ 2 ขึ้นไป",
    ),
    "review.not_record": ("{path} is not a samrap record: {error}", "{path} ไม่ใช่บันทึกเกมของ samrap: {error}"),
    "review.unreadable": ("cannot read {path}: {error}", "อ่านไฟล์ {path} ไม่ได้: {error}"),
    "review.empty": ("{path} holds no finished game to review", "{path} ไม่มีเกมที่เล่นจบให้วิเคราะห์"),
    "review.seat": ("seat must be 0 to {last}, not {seat}", "ที่นั่งต้องเป็น 0 ถึง {last} ไม่ใช่ {seat}"),
    "review.game": (
        "the record has {games} games; game {game} does not exist",
        "บันทึกนี้มี {games} เกม ไม่มีเกมที่ {game}",
    ),
    "review.broken": ("the record breaks the rules: {error}", "บันทึกผิดกติกา: {error}"),
    # samrap simulate
    "simulate.progress": ("simulating", "กำลังจำลอง"),
    "simulate.head": (
        "{title}  {config}  seed {seed}, {players} players: {lineup}",
        "{title}  ค่า seed {seed}  ผู้เล่น {players} คน: {lineup}",
    ),
    "simulate.all_seats": ("{players} x {bot}", "{bot} ทุกที่นั่ง"),
    "simulate.seat_bot": ("s{seat} {bot}", "ที่นั่ง {seat} {bot}"),
    "simulate.games": ("games", "จำนวน{unit}"),
    "simulate.actions": ("actions", "การเดิน"),
    "simulate.actions_value": ("{actions} ({per:.1f} per game)", "{actions} ครั้ง ({per:.1f} ต่อ{unit})"),
    "simulate.stat": ("{english} ({thai})", "{thai}"),
    "simulate.average": ("average score per seat", "แต้มเฉลี่ยต่อที่นั่ง"),
    "simulate.seat_average": ("s{seat} {average:+.2f}", "ที่นั่ง {seat} {average:+.2f}"),
    "simulate.wall": ("wall time", "เวลาที่ใช้"),
    "simulate.seconds": ("{seconds:.2f} s", "{seconds:.2f} วินาที"),
    # samrap tournament
    "tournament.progress": ("tournament", "กำลังแข่ง"),
    "tournament.title": (
        "{config}: {count} {units} ({deals} deals x {seats} seats)",
        "{title}: {count} {units} (แจก {deals} ครั้ง × {seats} ที่นั่ง)",
    ),
    "tournament.game": ("game", "เกม"),
    "tournament.games": ("games", "เกม"),
    "tournament.matches": ("matches", "แมตช์"),
    "tournament.col.bot": ("bot", "บอท"),
    "tournament.col.win_rate": ("win rate", "อัตราชนะ"),
    "tournament.col.ci": ("95% CI", "ช่วงเชื่อมั่น 95%"),
    "tournament.col.points": ("mean points", "แต้มเฉลี่ย"),
    "tournament.col.ms": ("ms/decision", "มิลลิวินาที/การตัดสินใจ"),
    "tournament.col.ips": ("iters/s", "รอบค้นหา/วินาที"),
    "tournament.col.ipcs": ("iters/CPU-s", "รอบค้นหา/วินาทีซีพียู"),
    "tournament.col.mu": ("OpenSkill mu", "เรตติ้ง μ"),
    "tournament.col.ordinal": ("ordinal", "เรตติ้งแบบระวัง (μ − 3σ)"),
    "tournament.footer": (
        "seed {seed}, {games} games in {seconds:.1f} s wall time ({rate:,.1f} games/s)",
        "ค่า seed {seed}  เล่น {games} {unit} ใช้เวลา {seconds:.1f} วินาที ({rate:,.1f} {unit}ต่อวินาที)",
    ),
    "tournament.seat_count": (
        "{config} has {seats} seats; --seats names {bots} bots",
        "{title} มี {seats} ที่นั่ง แต่ --seats ระบุบอท {bots} ตัว",
    ),
    "tournament.backend": ("--backend must be local or ray, not {backend!r}", "--backend ต้องเป็น local หรือ ray"),
    "tournament.stopped": ("{error}", "การแข่งขันหยุดกลางคัน (--backend {backend}): {error}"),
    "tournament.no_ray": (
        "the ray backend needs the ray package: pip install 'samrap[tournament]' ray",
        "--backend ray ต้องติดตั้งแพ็กเกจ ray ก่อน",
    ),
    "plot.no_matplotlib": (
        "--plot needs matplotlib: pip install 'samrap[tournament]'",
        "--plot ต้องติดตั้งแพ็กเกจ matplotlib ก่อน",
    ),
    "plot.no_folder": ("--plot: the folder {folder} does not exist", "--plot: ไม่มีโฟลเดอร์ {folder}"),
    "plot.not_writable": ("--plot: the folder {folder} is not writable", "--plot: เขียนลงโฟลเดอร์ {folder} ไม่ได้"),
    "plot.folder": (
        "--plot: {path} is a folder; name an image file such as {example}",
        "--plot: {path} เป็นโฟลเดอร์ ให้ระบุไฟล์ภาพ เช่น {example}",
    ),
    "plot.suffix": (
        "--plot: cannot write a {suffix} file; use one of {formats}",
        "--plot: เขียนไฟล์ชนิดนี้ไม่ได้ ใช้ได้: {formats}",
    ),
    "plot.write": ("cannot write the plot {path}: {why}", "--plot: เขียนแผนภูมิ {path} ไม่ได้ ({why})"),
    # samrap serve
    "serve.started": (
        "samrap server on {url}  database {database}  node {node}",
        "เซิร์ฟเวอร์ samrap เปิดที่ {url}  ฐานข้อมูล {database}  โหนด {node}",
    ),
    "serve.port": ("--port must be between 1 and 65535", "--port ต้องอยู่ระหว่าง 1 ถึง 65535"),
    "serve.bot_delay": ("--bot-delay cannot be negative", "--bot-delay ติดลบไม่ได้"),
    "serve.loop": ("--loop must be auto, asyncio or uvloop", "--loop ต้องเป็น auto, asyncio หรือ uvloop"),
    "serve.db_folder": (
        "--db {db}: that is a folder; name a database file in it",
        "--db {db}: เป็นโฟลเดอร์ ให้ระบุไฟล์ฐานข้อมูลในโฟลเดอร์นั้น",
    ),
    "serve.db_no_folder": (
        "--db {db}: there is no folder {folder} for the database file",
        "--db {db}: ไม่มีโฟลเดอร์ {folder} สำหรับไฟล์ฐานข้อมูล",
    ),
    "serve.rate_limits": (
        "{source}: {error}",
        "{source}: ค่าจำกัดจำนวนคำขอไม่ถูกต้อง ({value}) ดูรูปแบบของ --rate-limits ใน --help",
    ),
    "serve.db_open": ("--db: cannot open the database {database}: {why}", "--db: เปิดฐานข้อมูล {database} ไม่ได้ ({why})"),
    "serve.db_not_url": ("not a database URL ({error})", "ไม่ใช่ที่อยู่ฐานข้อมูล"),
    "serve.db_driver": ("its driver is not installed ({module})", "ยังไม่ได้ติดตั้งไดรเวอร์ {module}"),
    "serve.db_connect": ("{error}", "เชื่อมต่อไม่ได้"),
    "serve.host": ("--host {host}: {why}", "--host {host}: หาที่อยู่นี้ไม่พบ"),
    "serve.port_busy": (
        "cannot listen on {host}:{port}: {why} (choose another with --port)",
        "รอรับการเชื่อมต่อที่ {host}:{port} ไม่ได้: {why} (เลือกพอร์ตอื่นด้วย --port)",
    ),
    "serve.in_use": ("the port is in use", "มีโปรแกรมอื่นใช้พอร์ตนี้อยู่"),
    "serve.cannot_bind": ("{why}", "ระบบไม่ยอมให้ใช้พอร์ตนี้"),
    # samrap serve --check
    "check.ok": ("ok     ", "ผ่าน   "),
    "check.warn": ("warning", "ควรแก้ "),
    "check.problem": ("problem", "ต้องแก้"),
    "check.summary": ("{problems} problem(s), {warnings} warning(s)", "ต้องแก้ {problems} ข้อ ควรแก้ {warnings} ข้อ"),
    "check.db_unreachable": ("database {database}: {why}", "ฐานข้อมูล {database}: ใช้ไม่ได้ ({why})"),
    "check.db_ok": ("database {database}: reachable", "ฐานข้อมูล {database}: เชื่อมต่อได้"),
    "check.db_empty": (
        "the database is empty: the server creates its tables when it starts",
        "ฐานข้อมูลยังว่าง เซิร์ฟเวอร์จะสร้างตารางให้เองเมื่อเริ่มทำงาน",
    ),
    "check.db_current": ("the database schema is up to date ({revision})", "โครงสร้างฐานข้อมูลเป็นรุ่นล่าสุดแล้ว ({revision})"),
    "check.db_pending": (
        "{count} migration(s) pending ({names}): the next start applies them; back up the database first ({doc})",
        "มีการปรับโครงสร้างฐานข้อมูลค้างอยู่ {count} ขั้น ({names}) จะทำเมื่อเซิร์ฟเวอร์เริ่มครั้งถัดไป สำรองฐานข้อมูลก่อน ({doc})",
    ),
    "check.db_newer": (
        "the database is at revision {revision}, which this samrap does not know: a newer samrap upgraded it; "
        "run that version (a migration is not undone by installing an older one)",
        "ฐานข้อมูลอยู่ที่รุ่น {revision} ซึ่งโปรแกรมรุ่นนี้ไม่รู้จัก แปลว่ารุ่นที่ใหม่กว่าปรับไปแล้ว ให้ใช้รุ่นนั้นต่อ (ติดตั้งรุ่นเก่าไม่ได้ย้อนโครงสร้างกลับ)",
    ),
    "check.public_missing": (
        "listening on every address ({host}) but no --public-url: share links would point at {url}, "
        "which no other device can open",
        "รอรับการเชื่อมต่อทุกที่อยู่ ({host}) แต่ไม่ได้ตั้ง --public-url ลิงก์แชร์จะชี้ไปที่ {url} ซึ่งเครื่องอื่นเปิดไม่ได้",
    ),
    "check.public_default": (
        "no --public-url: share links point at {url}",
        "ไม่ได้ตั้ง --public-url ลิงก์แชร์จะชี้ไปที่ {url}",
    ),
    "check.public_local": (
        "share links point at {url}: only this machine can open them (fine for a try at home)",
        "ลิงก์แชร์ชี้ไปที่ {url} เปิดได้เฉพาะเครื่องนี้ (พอสำหรับลองเล่นเอง)",
    ),
    "check.public_bad": (
        "--public-url {url} is not an http:// or https:// address",
        "--public-url {url} ไม่ใช่ที่อยู่ที่ขึ้นต้นด้วย {http} หรือ {https}://",
    ),
    "check.public_query": (
        "--public-url {url} holds a query or a fragment: give the site's address only",
        "--public-url {url} มีส่วนต่อท้าย (? หรือ #) ให้ระบุเพียงที่อยู่ของเว็บไซต์",
    ),
    "check.public_http": (
        "people reach {url} over plain http: put TLS in front (nginx, docs/deployment.md); browsers "
        "install the app and share links only from https pages, and tokens cross the network in clear",
        "ผู้เล่นเข้าที่ {url} แบบไม่เข้ารหัส ควรให้ {nginx} รับ {https} ไว้ด้านหน้า ({doc}) "
        "เบราว์เซอร์ติดตั้งแอปและแชร์ลิงก์ได้เฉพาะหน้า {https} และรหัสที่นั่งจะผ่านเครือข่ายโดยไม่เข้ารหัส",
    ),
    "check.public_ok": ("share links point at {url}", "ลิงก์แชร์ชี้ไปที่ {url}"),
    "check.node_url_bad": (
        "--node-url {url} is not an http:// or https:// address of this node",
        "--node-url {url} ไม่ใช่ที่อยู่ที่ขึ้นต้นด้วย {http} หรือ {https}:// ของโพรเซสนี้",
    ),
    "check.node_url_ok": (
        "the other nodes forward to {url} (it must be reachable from them)",
        "โพรเซสอื่นจะส่งต่อคำขอมาที่ {url} (ต้องเข้าถึงได้จากโพรเซสเหล่านั้น)",
    ),
    "check.proxy_star": (
        "--forwarded-allow-ips '*' while listening on {host}: anyone who reaches the port directly can claim "
        "any address with X-Forwarded-For and dodge the rate limits; name the proxy's address instead",
        "ตั้ง --forwarded-allow-ips เป็น '*' ขณะรอรับที่ {host} ใครก็ตามที่ต่อตรงเข้าพอร์ตนี้อ้างที่อยู่ใดก็ได้ "
        "ด้วย {xff} และหลบการจำกัดจำนวนคำขอได้ ให้ระบุที่อยู่ของพร็อกซีแทน",
    ),
    "check.proxy_untrusted": (
        "a proxy is in front ({url}) but --forwarded-allow-ips is empty: every person shares the proxy's "
        "address, so a few busy people hit the rate limits for all; set it to the proxy's address "
        "(127.0.0.1 when nginx runs on this machine)",
        "มีพร็อกซีอยู่ด้านหน้า ({url}) แต่ไม่ได้ตั้ง --forwarded-allow-ips ผู้เล่นทุกคนจึงใช้ที่อยู่เดียวกับพร็อกซี "
        "ไม่กี่คนก็ทำให้ทุกคนถูกจำกัดจำนวนคำขอ ให้ตั้งเป็นที่อยู่ของพร็อกซี (127.0.0.1 ถ้า {nginx} อยู่เครื่องเดียวกัน)",
    ),
    "check.proxy_bypass": (
        "behind a proxy but listening on {host}:{port}: people can skip the proxy (and its TLS); "
        "use --host 127.0.0.1 when the proxy runs on this machine, or close the port in the firewall",
        "อยู่หลังพร็อกซีแต่รอรับที่ {host}:{port} ผู้เล่นต่อตรงโดยไม่ผ่านพร็อกซี (และการเข้ารหัส) ได้ "
        "ใช้ --host 127.0.0.1 ถ้าพร็อกซีอยู่เครื่องเดียวกัน หรือปิดพอร์ตนี้ที่ไฟร์วอลล์",
    ),
    "check.proxy_unused": (
        "--forwarded-allow-ips {ips} is set but --public-url names this very socket: is a proxy in front?",
        "ตั้ง --forwarded-allow-ips {ips} ไว้ แต่ --public-url ชี้มาที่เซิร์ฟเวอร์นี้โดยตรง มีพร็อกซีอยู่ด้านหน้าจริงหรือไม่",
    ),
    "check.proxy_ok": ("proxy headers: consistent with the addresses above", "ส่วนหัวจากพร็อกซี: สอดคล้องกับที่อยู่ข้างต้น"),
    "check.live_down": (
        "nothing answers at {url}/healthz ({why}): start the nodes (and the proxy), then check again",
        "ไม่มีคำตอบจาก {url}{health} ({why}) เริ่มเซิร์ฟเวอร์ (และพร็อกซี) แล้วตรวจอีกครั้ง",
    ),
    "check.live_status": (
        "{url}/healthz answers {status}: the proxy does not reach a samrap node",
        "{url}{health} ตอบรหัส {status} พร็อกซีส่งต่อไปไม่ถึงเซิร์ฟเวอร์",
    ),
    "check.live_ok": ("{url} answers (health check through the proxy)", "{url} ตอบกลับ (ตรวจผ่านพร็อกซีแล้ว)"),
    "check.ws_refused": (
        "the websocket upgrade at {url} is refused ({status}): the proxy must pass Upgrade and Connection "
        "headers ({doc}); without them no table ever loads",
        "การเปิดเว็บซ็อกเก็ตที่ {url} ถูกปฏิเสธ ({status}) พร็อกซีต้องส่งต่อส่วนหัว {upgrade} และ {connection} "
        "({doc}) ไม่เช่นนั้นโต๊ะจะไม่เปิดเลย",
    ),
    "check.ws_failed": (
        "the websocket at {url} did not work ({why}): check the proxy's websocket settings ({doc})",
        "เว็บซ็อกเก็ตที่ {url} ใช้ไม่ได้ ({why}) ตรวจการตั้งค่าเว็บซ็อกเก็ตของพร็อกซี ({doc})",
    ),
    "check.ws_ok": ("websockets pass through", "เว็บซ็อกเก็ตผ่านได้"),
    # one-line errors shared by the commands
    "error.lang": ("--lang must be one of en, th, not {lang!r}", "--lang must be one of en, th, not {lang!r}"),
    "error.seed": ("--seed must be between 0 and {max}", "ค่า seed ต้องอยู่ระหว่าง 0 ถึง {max}"),
    "error.config": ("{field}: invalid", "ตั้งค่า {field} ไม่ได้ ตรวจชื่อเกม รูปแบบกติกา และค่าที่ตั้งอีกครั้ง"),
    "error.bots": ("--bots: {error}", "บอทที่เลือกใช้ไม่ได้: {error}"),
    "error.no_bot": ("{option}: name at least one bot", "{option}: ต้องระบุบอทอย่างน้อยหนึ่งตัว"),
    "error.bot_count": (
        "{option}: name one bot for all {seats} bot seats or one per seat, not {count}",
        "{option}: ระบุบอทหนึ่งตัวสำหรับทุกที่นั่ง หรือหนึ่งตัวต่อที่นั่ง ({seats} ที่นั่ง) ไม่ใช่ {count} ตัว",
    ),
    "error.bot_spec": ("{option}: {error}", "{option}: ใช้บอท {spec} ไม่ได้ (บอทที่มี: {known})"),
    "error.bot_game": ("{option}: {error}", "{option}: ใช้บอท {spec} กับเกมนี้ไม่ได้"),
    "error.at_least": ("{option} must be at least {low}", "{option} ต้องเป็น {low} ขึ้นไป"),
    "error.record_dir": ("cannot create {record}: {why}", "--record: สร้างโฟลเดอร์ {record} ไม่ได้ ({why})"),
    "os.denied": ("{why}", "ไม่มีสิทธิ์เขียน"),
    "os.exists": ("{why}", "มีไฟล์ชื่อนี้อยู่แล้ว"),
    "os.other": ("{why}", "ระบบไม่ยอมให้เขียน"),
    "error.prefix": ("samrap: error: ", "samrap: ผิดพลาด: "),
    "export.done": (
        "wrote {n} files ({mb} MB) to {path}: serve the folder from any static web host",
        "เขียน {n} ไฟล์ ({mb} เมกะไบต์) ลงใน {path} แล้ว นำโฟลเดอร์นี้ไปวางบนเว็บโฮสต์แบบไฟล์นิ่งได้เลย",
    ),
    "export.nopack": (
        "no offline pack to export: {why} (scripts/install fetches it)",
        "ไม่มีชุดเล่นออฟไลน์ให้ส่งออก: {why} (สคริปต์ติดตั้งของสำรับดาวน์โหลดให้)",
    ),
    "export.notdir": ("{path} is a file, not a folder", "{path} เป็นไฟล์ ไม่ใช่โฟลเดอร์"),
    "export.write": ("cannot write to {path}: {why}", "เขียนลงใน {path} ไม่ได้: {why}"),
}


def say(key: str, lang: str = "en", **fields: Any) -> str:
    """The sentence ``key`` in ``lang`` (``en`` or ``th``) with ``fields`` filled in."""
    en, th = TEXTS[key]
    text = th if lang == "th" and th else en
    return text.format(**fields)


def plural(count: int, word: str) -> str:
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


#: A bot's kind in Thai, for its name on a Thai screen (the web's ``level.*`` words).
BOT_KINDS_TH = {
    "easy": "ง่าย",
    "medium": "ปานกลาง",
    "hard": "ยาก",
    "expert": "เซียน",
    "random": "สุ่ม",
    "heuristic": "ตามหลัก",
    "ismcts": "ค้นหา",
    "learned": "เรียนรู้",
    "external": "ภายนอก",
}


def bot_label(name: str, lang: str = "en") -> str:
    """A bot's name as a Thai screen shows it: ``medium-2`` -> ``บอทปานกลาง 2`` (English: as it is).

    The record keeps the bot's own name (``medium-2``); only what the person reads changes.
    """
    if lang != "th":
        return name
    kind, _, seat = name.rpartition("-")
    base = kind.split(":", 1)[0].split("(", 1)[0]
    if base in BOT_KINDS_TH and seat.isdigit():
        return f"บอท{BOT_KINDS_TH[base]} {seat}"
    return name


def _level_of(name: str) -> str | None:
    """The level of a bot seat's recorded name: ``medium-2`` (``samrap play``, ``line_up``) or
    ``bot:medium`` (the server's archive); None for a person or a bot that is not a level."""
    if name.startswith("bot:"):
        level = name[4:]
    else:
        level, _, seat = name.rpartition("-")
        if not seat.isdigit():
            return None
    return level if level in LEVEL_PEOPLE else None


def people_names(players: Sequence[str], lang: str = "en", people: Collection[int] = ()) -> tuple[str, ...]:
    """A match's seats as people read them (issue 23.6): a level bot is that level's person, the
    same name in the same seat order as on the web table (``players.levels.LEVEL_PEOPLE``, which
    ``tests/players/test_level_names.py`` holds equal to the web's faces.js), so ``พี่ต้น`` of the
    terminal is ``พี่ต้น`` of the browser; another bot reads as :func:`bot_label`; a person's name
    stays as typed. The record keeps the recorded names; only what the person reads changes.

    ``people`` are the seats known to be played by people (``samrap play``'s seat, a record's
    ``metadata.people``): their names stay as typed even when they look like a bot's, so a person
    who calls themself ``easy-1`` is not shown as a bot."""
    persons = set(people)
    levels = level_names([None if q in persons else _level_of(p) for q, p in enumerate(players)], lang)
    return tuple(
        p if q in persons else (person or bot_label(p, lang))
        for q, (p, person) in enumerate(zip(players, levels, strict=True))
    )


def record_people(metadata: Mapping[str, object]) -> tuple[int, ...]:
    """The seats a record says people played (``metadata.people``, written by ``samrap play``;
    the record reader has checked each is a seat)."""
    people = metadata.get("people", ())
    return tuple(q for q in people if isinstance(q, int)) if isinstance(people, list | tuple) else ()

"""The phone's own scoring of the entries it keeps without network in Coiffeur and at a club
table (static/projection-coiffeur.js, static/projection-club.js) is the server's: a Coiffeur
cell read as the panel's form reads it, checked, filled and scored as the engine does, what
each team still needs as outlooks() and the page say it, and the board drawn as the page draws
it; a club table's game read as its page reads it and its sides scored as side_scores() does,
in points and in Striche. Run in real Chromium on the scripts themselves, against the engine
and the app (its test client)."""

from __future__ import annotations

import html as markup
import json
import random
import re
from dataclasses import asdict
from pathlib import Path

import pytest
from playwright.sync_api import Page

from scorer.coiffeur import CoiffeurGame, CoiffeurRules, Entry, enter, outlooks, replay, scoring
from scorer.coiffeur.rules import Contract, known_contracts
from scorer.web.coiffeur.forms import EntryForm
from scorer.web.coiffeur.views import cell_need, need_text, projection
from tests.web.test_club_pages import evening
from tests.web.test_club_tables import rows

STATIC = Path(__file__).resolve().parents[2] / "static"

# static/queue.js's swap() and restore(): what the projection replaces keeps the server's own.
SWAP = """
window.swap = function (elt, html) {
  const was = elt.dataset.was === undefined ? elt.outerHTML : elt.dataset.was;
  const template = document.createElement("template");
  template.innerHTML = html;
  const now = template.content.firstElementChild;
  now.dataset.was = was;
  elt.replaceWith(now);
};
window.restore = function () {
  document.querySelectorAll("[data-was]").forEach(function (e) {
    if (e.dataset.was) e.outerHTML = e.dataset.was;
    else e.remove();
  });
};
"""


def load(page: Page, script: str, body: str = "") -> None:
    page.set_content(f"<!DOCTYPE html><title>x</title><body>{body}</body>")
    page.add_script_tag(content=SWAP)
    page.add_script_tag(path=str(STATIC / script))


def call(page: Page, name: str, *args):
    """Each of `args` (a list of arguments) given to the script's pure part `name`."""
    return page.evaluate(
        "([name, args]) => args.map((a) => JassProjection.parts[name](...a))", [name, args]
    )


# --- Coiffeur --------------------------------------------------------------------------------

TABLES = {
    "two teams, 8 rounds": (("Wir", "Ihr"), CoiffeurRules.with_list("8")),
    "three teams, 10 rounds, French": (
        ("A", "B", "C"),
        CoiffeurRules.with_list("10", deck="french", match_bonus=50),
    ),
    # No bonus: a Match is 157, and 157 typed is points, not a Match.
    "counter-Match, no bonus": (
        ("Wir", "Ihr"),
        CoiffeurRules.with_list("8", match_bonus=0, counter_match=True),
    ),
    "own board": (
        ("Wir", "Ihr"),
        CoiffeurRules(
            contracts=tuple(
                Contract(k, m)
                for k, m in zip(known_contracts("swiss")[3:8], (9, 2, 20, 1, 5), strict=True)
            ),
            match_bonus=157,
            counter_match=True,
        ),
    ),
}
TYPED_POINTS = ["95", "0", "157", "1", "156", "155", "2", "158", "257", "314", "", " 80 ", "+42"]
TYPED_POINTS += ["-5", "abc", "1'0", "7", "1 2", "3.5", "٣"]


def typed_cell(rng: random.Random, teams: int, rules: CoiffeurRules, open_cells) -> dict:
    """A cell as a panel might post it: mostly an open one, sometimes one taken or none."""
    keys = rules.keys
    team = rng.randrange(teams)
    still = open_cells[team] or keys
    contract = rng.choice(still if rng.random() < 0.85 else keys)
    fields = {"cell": f"{team}:{contract}"}
    roll = rng.random()
    if roll < 0.03:
        fields = {}  # no cell tapped
    elif roll < 0.05:
        fields = {"cell": f"{teams}:{contract}"}  # no such team
    elif roll < 0.07:
        fields = {"team": str(team), "contract": contract}
    kind = rng.choice(["", "", "", "", "", "match", "match", "crossed", "countered", "both"])
    if kind == "both":
        fields.update(match="y", crossed="y")
    elif kind:
        fields[kind] = "y"
    if not kind and rng.random() < 0.7:
        fields["points"] = str(rng.choice([0, *range(2, 156), 157]))
    elif not kind or rng.random() < 0.15:
        fields["points"] = rng.choice(TYPED_POINTS)
    return fields


def read_typed(app, fields: dict) -> Entry | None:
    """The entry as the server's panel form reads it, None when it refuses it."""
    with app.test_request_context("/", method="POST", data=fields):
        entry, errors = EntryForm().entry()
    return None if errors else entry


def coiffeur_cases(app, seed: int, with_rules: bool = False):
    """Boards part filled, and cells typed on them: what the phone gets, what the engine makes."""
    rng = random.Random(seed)
    cases = []
    for teams, rules in TABLES.values():
        data = scoring(rules)
        for _ in range(30):
            game = CoiffeurGame(teams, rules)
            for _ in range(rng.randrange(len(rules.keys) * len(teams))):
                state = replay(game)
                team = rng.randrange(len(teams))
                if state.open_cells[team]:
                    entry = Entry(team, rng.choice(state.open_cells[team]), rng.randrange(158))
                    game, _ = enter(game, entry)
            before = replay(game)
            typed, accepted = [], []
            for _ in range(rng.randrange(1, 7)):
                fields = typed_cell(rng, len(teams), rules, replay(game).open_cells)
                typed.append(fields)
                entry = read_typed(app, fields)
                after, errors = enter(game, entry) if entry else (game, {"form": None})
                accepted.append(not errors)
                game = after
            case = (data, before, typed, accepted, replay(game))
            cases.append((*case, rules) if with_rules else case)
    return cases


def test_coiffeur_cells_are_read_checked_filled_and_scored_as_the_engine_does(phone: Page, app):
    load(phone, "projection-coiffeur.js")
    cases = coiffeur_cases(app, 31)
    got = call(
        phone,
        "fill",
        *[
            [data, list(before.totals), [list(k) for k in before.open_cells], typed]
            for data, before, typed, _, _ in cases
        ],
    )
    refused = 0
    for (_, _, _, accepted, after), result in zip(cases, got, strict=True):
        assert [c is not None for c in result["cells"]] == accepted
        refused += accepted.count(False)
        for cell in filter(None, result["cells"]):
            row = next(r for r in after.rows if r[0].contract == cell["contract"])
            server = row[cell["team"]]
            want = (server.value, server.counter, server.match, server.crossed, server.countered)
            assert (cell["value"], cell["counter"], cell["match"], cell["crossed"]) == want[:4]
            assert cell["countered"] == want[4]
            if not (server.crossed or server.countered):
                assert (cell["points"], cell["times"]) == (server.points, server.multiplier)
        assert result["totals"] == list(after.totals)
        assert result["open"] == [list(k) for k in after.open_cells]
    typed = sum(len(c[2]) for c in cases)
    assert len(cases) == 120 and typed / 6 < refused < typed / 2  # both kinds, many of each


def test_coiffeur_needs_are_worked_out_and_said_as_the_server_says_them(phone: Page, app):
    load(phone, "projection-coiffeur.js")
    boards = [
        (rules, after.totals, after.open_cells)
        for (rules, after) in ((c[5], c[4]) for c in coiffeur_cases(app, 7, with_rules=True))
        if not after.finished
    ]
    # A team whose best is the leader's total (a Match in its one open cell): a tie at best.
    eight = CoiffeurRules.with_list("8")
    boards.append((eight, (0, 257 * 8), (("free2",), ("rosen",))))
    got = call(
        phone, "outlooks", *[[scoring(r), list(t), [list(k) for k in o]] for r, t, o in boards]
    )
    flat = []
    for (rules, totals, open_cells), result in zip(boards, got, strict=True):
        want = [asdict(o) for o in outlooks(rules, totals, open_cells)]
        for o in want:
            o["contracts"] = [
                {k: v for k, v in n.items() if k != "multiplier"} for n in o["contracts"]
            ]
        assert result == want
        flat += outlooks(rules, totals, open_cells)
    with app.test_request_context("/"):
        words = projection(CoiffeurGame(("Wir", "Ihr"), eight))["words"]
        said = call(phone, "needText", *[[o, words] for o in sum(got, [])])
        assert said == [need_text(o) for o in flat]
        needs = [n for o in flat for n in o.contracts]
        cells = [cell_need(n) for n in needs]
        js_needs = [n for o in sum(got, []) for n in o["contracts"]]
        assert call(phone, "cellNeed", *[[n, words] for n in js_needs]) == cells
        # Every way a team's need is said, and an open cell's, came up.
        kinds = {re.sub(r"\d+", "N", need_text(o)) for o in flat}
        assert kinds == {
            "vorne",
            "gleichauf",
            "nicht mehr einholbar",
            "braucht noch N",
            "braucht noch N: höchstens Gleichstand",
        }
        assert {re.sub(r"\d+", "N", c) for c in cells} == {"", "≥ N", "≥ Match"}


# The board as a player sees it: each cell's text, the totals, what is missing and where.
BOARD = """() => {
  const seen = (e) => e && e.checkVisibility() ? e.innerText.replace(/\\s+/g, " ").trim() : null;
  const all = (selector) => Array.from(document.querySelectorAll(selector), seen);
  return {
    cells: Array.from(document.querySelectorAll("#board td[data-contract]"),
                      (td) => [td.id, seen(td)]),
    totals: all(".figures b"),
    sums: all("#board tfoot th[id^=sum-]"),
    needs: all("#board tfoot td[id^=need-]"),
    hint: seen(document.querySelector("#board + p.hint")),
  };
}"""


# The projection as static/queue.js calls it, with its words for the entries counted.
PROJECT = """([kept, rules]) =>
  JassProjection(document, kept, rules, swap, "{number} wartend mitgerechnet")"""


def live_part(page: Page, html: str) -> None:
    """The #live part of a page of the app, as the phone has it (its scripts not run)."""
    page.evaluate(
        """(html) => {
          const doc = new DOMParser().parseFromString(html, "text/html");
          document.body.replaceChildren(document.importNode(doc.getElementById("live"), true));
        }""",
        html,
    )


def coiffeur_page(client, url: str) -> str:
    answer = client.get(url)
    assert answer.status_code == 200
    return answer.get_data(as_text=True)


def rules_of(html: str) -> dict:
    return json.loads(markup.unescape(re.search(r'data-rules="([^"]*)"', html).group(1)))


@pytest.mark.parametrize(
    ("setup", "stored", "kept", "counted"),
    [
        pytest.param(
            {"team1": "Wir", "team2": "Ihr", "counter_match": "y"},
            [("0:rosen", "95"), ("1:eicheln", "60"), ("1:schellen", "20")],
            [
                {"cell": "1:rosen", "countered": "y"},
                {"cell": "0:schellen", "match": "y"},
                {"cell": "0:eicheln", "crossed": "y"},
                {"cell": "1:obenabe", "points": "1"},  # refused: no card counts 1
                {"cell": "0:rosen", "points": "40"},  # refused: filled already
                {"cell": "0:obenabe", "points": "257"},  # a Match written as its points
                {"cell": "1:undenufe", "points": "70"},
            ],
            5,
            id="two-teams-counter-match",
        ),
        pytest.param(
            {"team1": "A", "team2": "B", "team3": "C"},
            [
                (f"{t}:{k}", "100")
                for k in ("rosen", "eicheln", "schilten", "schellen")
                for t in range(3)
            ]
            + [
                (f"{t}:{k}", str(40 + t))
                for k in ("obenabe", "undenufe", "free1")
                for t in range(3)
            ]
            + [("0:free2", "90"), ("2:free2", "30")],
            [{"cell": "1:free2", "points": "80"}],
            1,
            id="three-teams-the-last-cell",
        ),
    ],
)
def test_the_coiffeur_board_is_drawn_as_the_server_draws_it(
    phone: Page, app, client, setup, stored, kept, counted
):
    """The page's board before the kept cells, with them filled in by the script, is the page
    the server shows once they are stored (the cells, totals, and what is missing and where);
    drawn again from the server's own, it is that board as it was."""
    client.post("/coiffeur/new", data={"deck": "swiss", "board": "8", **setup})
    url = "/coiffeur/1"
    for cell, points in stored:
        assert (
            client.post(f"{url}/entries", data={"cell": cell, "points": points}).status_code == 303
        )
    before = coiffeur_page(client, url)
    for fields in kept:
        client.post(f"{url}/entries", data=fields)
    after = coiffeur_page(client, url)
    assert after.count('<tr id="c-') == 8

    load(phone, "projection-coiffeur.js")
    live_part(phone, after)
    want = phone.evaluate(BOARD)
    live_part(phone, before)
    was = phone.evaluate(BOARD)
    phone.evaluate(
        PROJECT,
        [kept, rules_of(before)],
    )
    assert phone.evaluate(BOARD) == want
    assert phone.locator(".figures + p").inner_text() == f"{counted} wartend mitgerechnet"
    assert was != want
    phone.evaluate("restore()")
    assert phone.evaluate(BOARD) == was


# --- a club table ----------------------------------------------------------------------------

EIGHT = ["Anna", "Beat", "Clara", "Dani", "Eva", "Fritz", "Greti", "Hans"]


def typed_game(rng: random.Random, contracts: list[str]) -> dict:
    """A game as a table's panel might post it: mostly one that stands, sometimes not."""
    fields = {"side": rng.choice(["0", "1", "0", "1", "0", "1", "", "2"])}
    if rng.random() < 0.8:
        fields["points"] = str(rng.choice([0, *range(2, 156), 157]))
    else:
        fields["points"] = rng.choice(["1", "156", "158", "", "abc", " 95 ", "+5", "-3", "٣"])
    if rng.random() < 0.15:
        fields["match"] = rng.choice(["y", "y", "on"])
    for name in ("weis_a", "weis_b"):
        if rng.random() < 0.3:
            fields[name] = rng.choice(["20", "50", " 170 ", "1000", "1001", "x", "0"])
    if contracts:
        fields["contract"] = rng.choice([*contracts, *contracts, "", "nope"])
    return fields


def table_page(client, url: str) -> tuple[str, dict]:
    """The table's page, and the fields a post of its panel carries: its `seen` and number
    (the next game's; once the Passe is full, one more than it holds)."""
    html = client.get(url).get_data(as_text=True)
    entered = int(re.search(r'data-entries="(\d+)"', html).group(1))
    seen = re.search(r'name="seen" value="([^"]*)"', html).group(1)
    return html, {"seen": seen, "number": str(entered + 1)}


def sums(html: str) -> tuple[int, int]:
    found = (re.search(rf'id="total-{s}"[^>]*>(-?\d+)<', html) for s in (0, 1))
    return tuple(int(f.group(1)) for f in found)


@pytest.mark.parametrize(
    "options",
    [
        pytest.param({"match_bonus": "100"}, id="tournament-points"),
        pytest.param({"ranking": "striche", "counting": "modern", "weis": "y"}, id="striche"),
        pytest.param({"match_bonus": "0", "counting": "modern", "weis": "y"}, id="multipliers"),
    ],
)
def test_club_games_are_read_and_scored_as_the_table_s_page_scores_them(
    phone: Page, app, client, options
):
    """Games posted to a table one after the other (more than its Passe holds): each the
    server stores adds to the sums what the script says, each it refuses the script leaves
    out; and the page's sums with the last half scored in by the script are the server's."""
    form = evening(players="\n".join(EIGHT), games="other", games_other="24", **options)
    leader = client.post("/abend/neu", data=form).headers["Location"]
    seen = str(rows(app, "SELECT version FROM events")[0][0])
    assert client.post(f"{leader}/auslosen", data={"passe": "1", "seen": seen}).status_code == 303
    url = "/tisch/" + rows(app, "SELECT key FROM event_tables WHERE table_no = 1")[0][0]
    html, marks = table_page(client, url)
    rules = rules_of(html)
    assert rules == {**rules, "games": 24, "weis": "weis" in options}
    rng = random.Random(options.get("counting", "") + options.get("ranking", ""))
    typed = [typed_game(rng, list(rules["times"])) for _ in range(64)]
    steps, pages = [], [html]
    for fields in typed:
        before = sums(html)
        status = client.post(f"{url}/spiele", data={**fields, **marks}).status_code
        assert status in (303, 422)
        html, marks = table_page(client, url)
        after = sums(html)
        steps.append([a - b for a, b in zip(after, before, strict=True)] if status == 303 else None)
        pages.append(html)

    load(phone, "projection-club.js")
    assert call(phone, "add", [rules, 0, typed])[0] == steps
    stored = [i for i, s in enumerate(steps) if s is not None]
    # The Passe filled, refusals for what was typed before that, and for the games after it.
    assert len(stored) == 24 and steps[: stored[-1]].count(None) > 4 and stored[-1] < 60

    # The page after 10 games, with the rest scored in, is the server's after them all.
    live_part(phone, pages[-1])
    want = phone.locator("#sums").inner_text()
    live_part(phone, pages[10])
    before = phone.locator("#sums").inner_text()
    phone.evaluate(
        PROJECT,
        [typed[10:], rules],
    )
    counted = 24 - sum(s is not None for s in steps[:10])
    assert phone.locator("#sums").inner_text() == f"{want} · {counted} wartend mitgerechnet"
    phone.evaluate("restore()")
    assert phone.locator("#sums").inner_text() == before

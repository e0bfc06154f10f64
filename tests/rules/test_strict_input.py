"""Strict input: imports refuse anything but a game a table could have entered, names stay
printable and short, Weis stay within what the cards can hold.

Every refusal of an import is an ImportProblem with a message for a person, never another
exception, whatever JSON value comes in (checked with generated values and with generated
mutations of valid exports).
"""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorer.cards import RANKS
from scorer.codes import code
from scorer.exchange import (
    ImportProblem,
    export,
    load,
    load_changes,
    parse,
    parse_with_changes,
    state_dict,
)
from scorer.handjass.game import (
    BLIND,
    OUT,
    PLAY,
    Deal,
    Entry,
    HandjassGame,
    HandjassRules,
    deal_problems,
    enter_deal,
    replay,
)
from scorer.names import NAME_MAX, name_problem
from scorer.schieber.contracts import Rules
from scorer.schieber.game import Declared, Game, Hand, Team, enter, hand_problems
from scorer.web.core.messages import say
from scorer.weis import Play, Weis, WeisTable, detect, most_weis, stoeck_in

TEAMS = (Team("Ost", ("a1", "a2")), Team("West", ("b1", "b2")))
SCHIEBER = export(
    Game(
        TEAMS,
        Rules.from_preset("modern"),
        1,
        (
            Hand("schellen", points_team=0, points=90, stoeck=1),
            Hand(
                "rosen",
                points_team=1,
                points=100,
                declarations=(Declared(0, (Weis.run("rosen", "A", 3),)),),
            ),
        ),
    )
)
HANDJASS = export(
    HandjassGame(
        ("A", "B", "C"),
        HandjassRules(),
        (
            Deal("rosen", (Entry(0, PLAY, 100), Entry(1, PLAY, 57, 20), Entry(2, OUT))),
            Deal(
                "schellen",
                (
                    Entry(0, PLAY, 60, declared=(Weis.four("U"),)),
                    Entry(1, BLIND, 60),
                    Entry(2, PLAY, 37, stoeck=True),
                ),
            ),
        ),
    )
)


def refused(data) -> str:
    """The message an import of `data` is refused with (and nothing else may come out)."""
    with pytest.raises(ImportProblem) as error:
        load(data)
    problem = error.value
    message = say(problem.code, kind=problem.game.KIND if problem.game else None)
    assert message and len(message) < 600, message
    return message


def test_the_valid_exports_load():
    assert load(SCHIEBER).hands[1].declarations
    assert load(HANDJASS).deals[1].entries[2].stoeck


# --- A1, A5: players and teams --------------------------------------------------------------------


@pytest.mark.parametrize(
    "players", ["AB", "ABCD", ("A", "B"), {"A": 1, "B": 2}, ["A", 5], ["A", None], None, 5]
)
def test_handjass_players_must_be_a_list_of_names(players):
    refused({**HANDJASS, "players": players})


def import_problem(data) -> ImportProblem:
    """The ImportProblem a Schieber import of `data` is refused with; its code has words for a
    person, a sentence of reasonable length (with the game's names when it was read that far)."""
    with pytest.raises(ImportProblem) as error:
        load(data)
    problem = error.value
    names = {}
    if problem.game is not None:
        names = {
            "faces": problem.game.rules.deck,
            "names": [name for _, name in problem.game.seats()],
            "teams": [team.name for team in problem.game.teams],
        }
    words = say(problem.code, kind="schieber", **names)
    assert words and len(words) < 600, words
    return problem


def about(said) -> str:
    """The code keys and the fields a code names, its inner codes' too: what it is about."""
    key, values = said
    found = [key]
    for name, value in values.items():
        if name == "field":
            found.append(value)
        elif name == "problem" and isinstance(value, tuple):
            found.append(about(value))
        elif name == "problems":
            found += [about(inner) for inner in value]
    return " ".join(found)


OST = {"name": "Ost", "players": ["a1", "a2"]}
WEST = {"name": "West", "players": ["b1", "b2"]}


@pytest.mark.parametrize(
    "teams",
    [
        [{"name": 5, "players": ["a1", "a2"]}, WEST],
        [{"name": None, "players": ["a1", "a2"]}, WEST],
        [{"name": ["Ost"], "players": ["a1", "a2"]}, WEST],
        [{"name": "Ost", "players": [1, 2]}, WEST],
        [{"name": "Ost", "players": ["a1", None]}, WEST],
        [{"name": "Ost", "players": "ab"}, WEST],
        [{"name": "Ost", "players": {"a1": 1, "a2": 2}}, WEST],
        [OST, WEST, {"name": "Nord", "players": ["c1", "c2"]}],
        [OST],
        [OST, "West"],
        [OST, ["West", ["b1", "b2"]]],
        {"0": OST, "1": WEST},
        "Ost, West",
        None,
    ],
)
def test_teams_must_be_two_objects_with_names(teams):
    problem = import_problem({**SCHIEBER, "teams": teams})
    assert problem.code.key == "import_damaged"
    assert "teams" in about(problem.code)


def test_a_team_without_players_is_missing_them():
    problem = import_problem({**SCHIEBER, "teams": [{"name": "Ost"}, WEST]})
    assert problem.code == ("import_missing", {"key": "players"})


# --- A2, A4: settings -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("bergpreis", "no"),
        ("auto_end", "yes"),
        ("weis_large", "false"),
        ("four_nines", 1),
        ("undenufe_six", 0),
        ("four_sixes", None),
        ("any_four", "true"),
        ("target", "2500"),
        ("target", 2500.0),
        ("target", True),
        ("target", None),
        ("deck", ["swiss"]),
        ("deck", {"swiss": 1}),
        ("deck", "tarock"),
        ("deck", 5),
        ("order", "stoeckweisstich"),
        ("order", ["stoeck", "weis"]),
        ("order", ["stoeck", "weis", "weis"]),
        ("order", ["stoeck", "weis", "stich", "stich"]),
        ("order", [1, 2, 3]),
        ("order", [["stoeck"], "weis", "stich"]),
        ("order", {"stoeck": 1, "weis": 2, "stich": 3}),
        ("multipliers", [1, 1, 2, 2, 3, 3]),
        ("multipliers", None),
    ],
)
def test_schieber_settings_of_the_wrong_kind(field, value):
    problem = import_problem({**SCHIEBER, "rules": {**SCHIEBER["rules"], field: value}})
    assert field in about(problem.code)  # rules.<field>, or rules_order for the set-up


@pytest.mark.parametrize(
    "value", ["1", 1.0, True, None, [1], 1.5, -1, 21, float("nan"), float("inf")]
)
def test_schieber_multipliers_are_whole_numbers(value):
    multipliers = {**SCHIEBER["rules"]["multipliers"], "rosen": value}
    problem = import_problem(
        {**SCHIEBER, "rules": {**SCHIEBER["rules"], "multipliers": multipliers}}
    )
    assert problem.code in (
        code("import_damaged", problem=code("not_whole", field="rules.multipliers.rosen")),
        code("import_setup", problems=(code("rules_multiplier", most=20),)),
    )


@pytest.mark.parametrize("key", ["slalom", "hearts", "", "1"])
def test_schieber_multipliers_name_only_the_decks_contracts(key):
    multipliers = {**SCHIEBER["rules"]["multipliers"], key: 1}
    problem = import_problem(
        {**SCHIEBER, "rules": {**SCHIEBER["rules"], "multipliers": multipliers}}
    )
    assert problem.code == code(
        "import_damaged", problem=code("unknown_contract", field="rules.multipliers")
    )


def test_rules_problems_name_a_setting_of_the_wrong_kind():
    assert Rules(bergpreis="no").problems() == {"bergpreis": code("rules_flag")}
    assert Rules(order=(1, 2, 3)).problems() == {"order": code("rules_order")}
    assert Rules(order="stoeck").problems() == {"order": code("rules_order")}
    assert Rules(deck=["swiss"]).problems() == {"deck": code("rules_deck")}
    assert Rules(target=True).problems() == {
        "target": code("rules_target", least=100, most=100_000)
    }
    assert Rules().problems() == {}


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("berner", "no"),
        ("hold_ties", "yes"),
        ("no_drop", 0),
        ("weis_large", "false"),
        ("four_nines", None),
        ("extra_per_potato", 1),
        ("players_minus_one", "true"),
        ("target", True),
        ("target", False),
        ("target", 0),
        ("target", "7"),
        ("target", 7.0),
        ("target", 101),
        ("threshold", True),
        ("threshold", 26.0),
        ("threshold", "26"),
        ("deck", ["swiss"]),
        ("deck", "tarock"),
    ],
)
def test_handjass_settings_of_the_wrong_kind(field, value):
    refused({**HANDJASS, "rules": {**HANDJASS["rules"], field: value}})


@pytest.mark.parametrize("rules", [[], "default", 5, None])
def test_handjass_rules_must_be_an_object(rules):
    refused({**HANDJASS, "rules": rules})


@pytest.mark.parametrize("target", [0, True, False, -1, 101])
def test_a_new_handjass_game_needs_a_real_target(target):
    game = HandjassGame(("A", "B"), HandjassRules(target=target))
    assert game.problems() == {"target": ("handjass_target_range", {"least": 1, "most": 100})}


def test_handjass_rules_problems_name_a_setting_of_the_wrong_kind():
    assert HandjassRules(berner="no").problems() == {"berner": ("handjass_yes_or_no", {})}
    assert HandjassRules(threshold=False).problems() == {
        "threshold": ("handjass_threshold_range", {"least": 1, "most": 80})
    }
    assert HandjassRules(deck=["swiss"]).problems() == {"deck": ("handjass_deck_unknown", {})}
    assert HandjassRules().problems() == {}


# --- A3: first Vorhand ----------------------------------------------------------------------------


@pytest.mark.parametrize("value", ["3", 2.9, 3.0, True, False, None, -1, 4, [0]])
def test_first_vorhand_is_a_seat_number(value):
    problem = import_problem({**SCHIEBER, "first_vorhand": value})
    assert problem.code in (
        code("import_damaged", problem=code("not_whole", field="first_vorhand")),
        code("import_setup", problems=(code("first_vorhand"),)),
    )


def test_first_vorhand_of_six_players():
    six = export(Game((Team("A", ("p", "q", "r")), Team("B", ("s", "t", "u"))), first_vorhand=5))
    assert load(six).first_vorhand == 5
    problem = import_problem({**six, "first_vorhand": 6})
    assert problem.code == code("import_setup", problems=(code("first_vorhand"),))


# --- A6: JSON text, deep nesting ------------------------------------------------------------------


def nested(depth: int, kind: str) -> str:
    return "[" * depth + "]" * depth if kind == "array" else '{"a":' * depth + "0" + "}" * depth


@pytest.mark.parametrize("kind", ["array", "object"])
def test_parse_refuses_data_nested_50000_deep(kind):
    with pytest.raises(ImportProblem) as error:
        parse(nested(50_000, kind))
    assert error.value.code == code("import_too_deep")
    with pytest.raises(ImportProblem) as error:
        parse(nested(50_000, kind).encode())
    assert error.value.code == code("import_too_deep")


@pytest.mark.parametrize("kind", ["array", "object"])
def test_parse_refuses_deep_nesting_inside_a_game(kind):
    text = json.dumps({**SCHIEBER, "hands": []})
    deep = text[:-1] + ', "extra": ' + nested(50_000, kind) + "}"
    with pytest.raises(ImportProblem):
        parse(deep)


def deeply(depth: int, kind: str):
    value: object = 0
    for _ in range(depth):
        value = [value] if kind == "array" else {"a": value}
    return value


@pytest.mark.parametrize("kind", ["array", "object"])
@pytest.mark.parametrize(
    "where",
    [
        lambda deep: deep,
        lambda deep: {**SCHIEBER, "version": deep},
        lambda deep: {**SCHIEBER, "format": deep},
        lambda deep: {**SCHIEBER, "hands": deep},
        lambda deep: {**SCHIEBER, "hands": [{**SCHIEBER["hands"][0], "points": deep}]},
        lambda deep: {**SCHIEBER, "first_vorhand": deep},
        lambda deep: {**SCHIEBER, "teams": [{"name": deep, "players": ["a", "b"]}, WEST]},
        lambda deep: {**SCHIEBER, "rules": {**SCHIEBER["rules"], "order": deep}},
        lambda deep: {**HANDJASS, "deals": [{**HANDJASS["deals"][0], "trump": deep}]},
        lambda deep: {**HANDJASS, "players": deep},
    ],
)
def test_load_refuses_deep_nesting_anywhere(kind, where):
    refused(where(deeply(50_000, kind)))


@pytest.mark.parametrize(
    "text",
    ["", "{", "not json", "[1,]", '{"format": "jass-scorer/schieber"', "1" * 5000, "NaN", "null"],
)
def test_parse_refuses_what_is_not_an_export(text):
    with pytest.raises(ImportProblem):
        parse(text)


@pytest.mark.parametrize("raw", [b"\xff\xfe\xfa", b'{"a": "\xff"}', b"\x80abc", b"\xc3"])
def test_parse_refuses_bytes_that_are_not_text(raw):
    with pytest.raises(ImportProblem):
        parse(raw)


@pytest.mark.parametrize("data", [SCHIEBER, HANDJASS])
def test_parse_reads_an_export_as_text_and_as_bytes(data):
    text = json.dumps(data, ensure_ascii=False)
    assert parse(text) == load(data)
    assert parse(text.encode("utf-8")) == load(data)


def test_parse_a_message_in_german():
    with pytest.raises(ImportProblem) as error:
        parse("{")
    assert error.value.code == code("import_not_json")
    assert "kein JSON" in say(error.value.code)
    with pytest.raises(ImportProblem) as error:
        parse(nested(50_000, "array"))
    assert error.value.code == code("import_too_deep")
    assert "verschachtelt" in say(error.value.code)


def test_a_huge_value_is_not_shown_whole_in_the_message():
    problem = import_problem({**SCHIEBER, "version": "x" * 100_000})
    assert problem.code == code("import_version_unreadable", known=1)
    assert len(say(problem.code)) < 300
    problem = import_problem({**SCHIEBER, "first_vorhand": "x" * 100_000})
    assert problem.code == code("import_damaged", problem=code("not_whole", field="first_vorhand"))
    assert len(say(problem.code)) < 300


# --- A7: hands, deals, claims, declarations -------------------------------------------------------


DEAL = HANDJASS["deals"][0]
ENTRY = DEAL["entries"][0]


def with_entry(**changes) -> dict:
    return {**DEAL, "entries": [{**ENTRY, **changes}, *DEAL["entries"][1:]]}


@pytest.mark.parametrize(
    "deal",
    [
        {**DEAL, "trump": ["rosen"]},
        {**DEAL, "trump": 5},
        {**DEAL, "trump": None},
        {**DEAL, "agreed": "no"},
        {**DEAL, "agreed": 0},
        {**DEAL, "agreed": None},
        {**DEAL, "draw": "0"},
        {**DEAL, "draw": [True]},
        {**DEAL, "draw": {"0": 1}},
        {**DEAL, "entries": "abc"},
        {**DEAL, "entries": None},
        {**DEAL, "entries": [5, 6, 7]},
        {k: v for k, v in DEAL.items() if k != "trump"},
        with_entry(status=5),
        with_entry(status=None),
        with_entry(status=["play"]),
        with_entry(status=True),
        with_entry(seat="0"),
        with_entry(cards=100.0),
        with_entry(weis="20"),
        with_entry(stoeck="no"),
        with_entry(stoeck=1),
        with_entry(declared="four U"),
        with_entry(declared=[{"four": 5}]),
        with_entry(declared=[{"four": ["U"]}]),
        with_entry(declared=[{"run": 5, "top": "A", "length": 3}]),
        with_entry(declared=[{"run": "rosen", "top": None, "length": 3}]),
        [DEAL],
        "deal",
        5,
    ],
)
def test_deal_fields_of_the_wrong_kind(deal):
    with pytest.raises((ValueError, KeyError)):  # KeyError: a field that must be there
        Deal.from_dict(deal)
    refused({**HANDJASS, "deals": [deal]})


def test_a_deal_reads_its_own_data_back():
    for deal in HANDJASS["deals"]:
        assert Deal.from_dict(deal).to_dict() == deal


@pytest.mark.parametrize(
    "weis",
    [
        {"four": 5},
        {"four": None},
        {"four": True},
        {"run": 5, "top": "A", "length": 3},
        {"run": "rosen", "top": 10, "length": 3},
        {"run": None, "top": "A", "length": 3},
    ],
)
def test_weis_refuses_values_that_are_not_text(weis):
    with pytest.raises(ValueError):
        Weis.from_dict(weis)


HAND = SCHIEBER["hands"][0]


@pytest.mark.parametrize(
    "hand",
    [
        {**HAND, "contract": 5},
        {**HAND, "shoved": "no"},
        {**HAND, "match": 0},
        {**HAND, "weis": "0,0"},
        {**HAND, "weis": [0, "20"]},
        {**HAND, "stoeck": "1"},
        {**HAND, "stoeck": True},
        {**HAND, "first_claim": 0.0},
        {**HAND, "declarations": "none"},
        {**HAND, "declarations": [5]},
        {**HAND, "declarations": [{"seat": 0, "weis": "four U"}]},
        {**HAND, "claim": "team 0"},
        {**HAND, "claim": {"team": "0"}},
        {**HAND, "claim": {"team": 0, "first_trick": "yes"}},
        {**HAND, "claim": {"team": 0, "points": 50.5}},
        [HAND],
        "hand",
    ],
)
def test_hand_fields_of_the_wrong_kind(hand):
    problem = import_problem({**SCHIEBER, "hands": [hand]})
    assert problem.code.key == "import_damaged"
    changed = [
        key
        for key in HAND
        if isinstance(hand, dict) and (hand[key], type(hand[key])) != (HAND[key], type(HAND[key]))
    ]
    assert (changed or ["hands"])[0] in about(problem.code)  # names the field, or the hand


@pytest.mark.parametrize("record", ["hands", "deals"])
@pytest.mark.parametrize("value", ["abc", {"0": 1}, 5, None])
def test_the_record_is_a_list(record, value):
    data = SCHIEBER if record == "hands" else HANDJASS
    refused({**data, record: value})


# --- A: nothing but a game or an ImportProblem, for any JSON value --------------------------------


json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(10**40), 10**40)
    | st.floats(allow_nan=True, allow_infinity=True)
    | st.text(max_size=8)
    | st.sampled_from(
        [
            "jass-scorer/schieber",
            "jass-scorer/handjass",
            "rosen",
            "schellen",
            "obenabe",
            "play",
            "out",
            "blind",
            "A",
            "U",
            "swiss",
            "stoeck",
        ]
    ),
    lambda children: (
        st.lists(children, max_size=4)
        | st.dictionaries(
            st.sampled_from(
                [
                    "format",
                    "version",
                    "teams",
                    "players",
                    "name",
                    "rules",
                    "hands",
                    "deals",
                    "entries",
                    "contract",
                    "points",
                    "weis",
                    "seat",
                    "status",
                    "cards",
                    "trump",
                    "four",
                    "run",
                    "top",
                    "length",
                    "claim",
                    "team",
                ]
            )
            | st.text(max_size=4),
            children,
            max_size=5,
        )
    ),
    max_leaves=20,
)

FUZZ = settings(
    max_examples=300,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


def only_game_or_problem(data) -> None:
    try:
        game = load(data)
    except ImportProblem as problem:
        assert str(problem)
        return
    # A game that loads is one a table could have entered: it replays and exports again.
    assert game.problems() == {}
    assert load(json.loads(json.dumps(export(game)))) == game
    json.dumps(state_dict(game))


@FUZZ
@given(json_values)
def test_any_json_value_gives_a_game_or_an_import_problem(value):
    only_game_or_problem(value)
    for valid in (SCHIEBER, HANDJASS):
        only_game_or_problem({"format": valid["format"], "version": 1, "x": value})


def paths(value, prefix=()):
    """Every place inside a JSON value: (path, the value there)."""
    yield prefix, value
    if isinstance(value, dict):
        for key, child in value.items():
            yield from paths(child, (*prefix, key))
    elif isinstance(value, list):
        for index, child in enumerate(value):
            yield from paths(child, (*prefix, index))


def mutated(value, path, how, new):
    """`value` with the place at `path` replaced by `new`, removed, or given a new key."""
    if not path:
        return new
    head, *rest = path
    copy = dict(value) if isinstance(value, dict) else list(value)
    if rest:
        copy[head] = mutated(value[head], tuple(rest), how, new)
    elif how == "remove":
        del copy[head]
    elif how == "add" and isinstance(copy, dict):
        copy[f"{head}_extra"] = new
    elif how == "add":
        copy.append(new)
    else:
        copy[head] = new
    return copy


@FUZZ
@given(
    st.sampled_from([SCHIEBER, HANDJASS]),
    st.data(),
    st.lists(st.sampled_from(["replace", "remove", "add"]), min_size=1, max_size=3),
)
def test_mutations_of_a_valid_export_give_a_game_or_an_import_problem(valid, data, hows):
    value = valid
    for how in hows:
        places = [p for p, _ in paths(value)]
        path = data.draw(st.sampled_from(places))
        if not path and how != "replace":
            continue
        value = mutated(value, path, how, data.draw(json_values))
    only_game_or_problem(value)


# --- B: names -------------------------------------------------------------------------------------


LONG = "x" * (NAME_MAX + 1)


def test_name_rule():
    assert NAME_MAX == 40
    assert name_problem("Anna") is None
    assert name_problem("x" * NAME_MAX) is None
    assert name_problem("Zoë & <b>Ben</b> 🂡") is None  # HTML is the web layer's to escape
    assert name_problem(LONG) == code("name_too_long", most=40)
    assert say(name_problem(LONG)) == "Namen bis 40 Zeichen."
    for control in ("\x00", "\x07", "\u202e", "\n", "\t", "\x7f", "\u200b", "\ue000"):
        assert name_problem(f"An{control}na") == code("name_control"), repr(control)
    assert say(code("name_control")) == "Namen ohne Steuerzeichen."


@pytest.mark.parametrize("bad", [LONG, "Anna\x00", "\x07Ben", "Cla\u202era"])
def test_schieber_refuses_bad_player_names(bad):
    game = Game((Team("Ost", (bad, "a2")), Team("West", ("b1", "b2"))))
    assert game.problems()["players"] == name_problem(bad)


@pytest.mark.parametrize("bad", [LONG, "Ost\x00", "\x07West", "O\u202est"])
def test_schieber_refuses_bad_team_names(bad):
    game = Game((Team(bad, ("a1", "a2")), Team("West", ("b1", "b2"))))
    assert game.problems()["teams"] == name_problem(bad)


@pytest.mark.parametrize("bad", [LONG, "Anna\x00", "\x07Ben", "Cla\u202era"])
def test_handjass_refuses_bad_player_names(bad):
    assert HandjassGame(("A", bad)).problems()["players"] == name_problem(bad)


def test_names_of_forty_characters_and_markup_are_fine():
    forty = "y" * NAME_MAX
    assert Game((Team(forty, (forty, "<script>")), Team("West", ("b1", "b2")))).problems() == {}
    assert HandjassGame((forty, "<i>B</i>")).problems() == {}


@pytest.mark.parametrize("bad", [LONG, "Anna\x00"])
def test_imports_with_bad_names_are_refused(bad):
    assert "Namen" in refused({**HANDJASS, "players": ["A", bad, "C"]})
    assert "Namen" in refused({**SCHIEBER, "teams": [{"name": bad, "players": ["a1", "a2"]}, WEST]})


# --- C: Weis within what the cards hold -----------------------------------------------------------


@pytest.mark.parametrize("weis", [10**9, 10**30, 1000, 380])
def test_handjass_written_weis_is_capped(weis):
    game = HandjassGame(("A", "B", "C"))
    deal = Deal("rosen", (Entry(0, PLAY, 100, weis), Entry(1, PLAY, 57), Entry(2, OUT)))
    errors = deal_problems(deal, game, replay(game))
    assert errors["p0"] == ("handjass_weis_too_much", {"most": 320})
    assert enter_deal(game, deal) == (game, errors)
    refused({**HANDJASS, "deals": [deal.to_dict()]})


def test_handjass_weis_up_to_the_cap_is_accepted():
    game = HandjassGame(("A", "B", "C"))
    deal = Deal("rosen", (Entry(0, PLAY, 100, 320), Entry(1, PLAY, 57), Entry(2, OUT)))
    assert deal_problems(deal, game, replay(game)) == {}


def cards(text: str) -> list[tuple[str, str]]:
    """ "rosen:K,O,U eicheln:U" as cards."""
    return [
        (suit, rank)
        for part in text.split()
        for suit, ranks in [part.split(":")]
        for rank in ranks.split(",")
    ]


SUITS = ("rosen", "eicheln", "schilten", "schellen")
FOUR_U = "eicheln:U schilten:U schellen:U"  # with the trump Under: four Unders
OTHERS = "eicheln:{0} schilten:{0} schellen:{0}"  # the same ranks in each side suit


@pytest.mark.parametrize(
    ("large", "four_nines", "hand_size", "most", "witness"),
    [
        # Small Weis, nine cards: four Unders, four Kings, and the Ober of trumps for the Stöck.
        (False, False, 9, 320, f"rosen:K,O,U {FOUR_U} eicheln:K schilten:K schellen:K"),
        (False, True, 9, 350, f"rosen:U,9 {FOUR_U} eicheln:9 schilten:9 schellen:9 rosen:A"),
        # Large Weis: four Unders and the run King to 8 in trumps (150) with the Stöck.
        (True, False, 9, 370, f"rosen:K,O,U,10,9,8 {FOUR_U}"),
        (True, True, 9, 370, f"rosen:K,O,U,10,9,8 {FOUR_U}"),
        # Twelve cards (three or two players where nobody drops out).
        (False, False, 12, 420, f"rosen:K,O,U {FOUR_U} " + OTHERS.format("K,O")),
        (False, True, 12, 450, f"rosen:U,9,A {FOUR_U} " + OTHERS.format("9,A")),
        (True, False, 12, 520, f"rosen:A,K,O,U,10,9,8,7,6 {FOUR_U}"),
        (True, True, 12, 530, f"rosen:U,10,9 {FOUR_U} " + OTHERS.format("10,9")),
    ],
)
def test_most_weis_and_stoeck_of_one_hand(large, four_nines, hand_size, most, witness):
    table = WeisTable(large=large, four_nines=four_nines)
    assert most_weis(table, hand_size) == most
    # A hand that holds that much, found by the detector.
    hand = cards(witness)
    assert len(hand) == len(set(hand)) == hand_size
    play = Play(trump="rosen", suits=SUITS)
    found = sum(table.points(w, play) for w in detect(hand, table, play, SUITS))
    assert found + (20 if stoeck_in(hand, play) else 0) == most


@settings(max_examples=200, deadline=None, database=None)
@given(
    st.booleans(),
    st.booleans(),
    st.sampled_from([9, 12]),
    # The whole deck, or only its high cards, where the big Weis are.
    st.sampled_from([RANKS, RANKS[:6], RANKS[1:5]]).flatmap(
        lambda ranks: st.permutations([(s, r) for s in SUITS for r in ranks])
    ),
)
def test_no_hand_holds_more(large, four_nines, hand_size, deck):
    table = WeisTable(large=large, four_nines=four_nines)
    hand = deck[:hand_size]
    play = Play(trump="rosen", suits=SUITS)
    found = sum(table.points(w, play) for w in detect(hand, table, play, SUITS))
    assert found + (20 if stoeck_in(hand, play) else 0) <= most_weis(table, hand_size)


def test_handjass_cap_follows_the_table():
    rules = HandjassRules(weis_large=True, four_nines=True, no_drop=True)
    game = HandjassGame(("A", "B", "C"), rules)
    ok = Deal("rosen", (Entry(0, PLAY, 100, 530), Entry(1, PLAY, 57), Entry(2, PLAY, 0)))
    assert deal_problems(ok, game, replay(game)) == {}
    over = Deal("rosen", (Entry(0, PLAY, 100, 540), Entry(1, PLAY, 57), Entry(2, PLAY, 0)))
    errors = deal_problems(over, game, replay(game))
    assert errors["p0"] == ("handjass_weis_too_much", {"most": 530})


@pytest.mark.parametrize("weis", [10**9, 10**30, -(10**30)])
@pytest.mark.parametrize("team", [0, 1])
def test_schieber_weis_per_team_is_capped(weis, team):
    hand = Hand("rosen", points_team=0, points=90, weis=(weis, 0) if team == 0 else (0, weis))
    problem = code("weis_too_much", most=600) if weis > 0 else code("weis_negative")
    assert hand_problems(hand, Rules()) == {"weis": problem}
    game = Game(TEAMS)
    assert enter(game, hand) == (game, hand_problems(hand, Rules()))
    refusal = import_problem({**SCHIEBER, "hands": [hand.to_dict()]})
    assert refusal.code == code("hand_problems", number=1, problems=(problem,))


def test_schieber_weis_added_to_an_open_hand_is_capped():
    game, errors = enter(Game(TEAMS), Hand("rosen", weis=(500, 0)))
    assert errors == {}
    again, errors = enter(game, Hand("rosen", weis=(10**9, 0)))
    assert again == game and errors == {"weis": code("weis_too_much", most=600)}


# --- The changes an export lists beside its record ------------------------------------------------

CHANGE = {
    "time": "2026-11-23T12:00:00+00:00",
    "phone": "Annas Telefon",
    "kind": "edit",
    "hand": 1,
    "now": 1,
    "before": HANDJASS["deals"][0],
    "after": HANDJASS["deals"][0],
}


def test_changes_read_back():
    data = {**HANDJASS, "changes": [CHANGE, {**CHANGE, "kind": "delete", "now": None}]}
    game, changes = parse_with_changes(json.dumps(data))
    assert game == load(HANDJASS)
    assert changes == [CHANGE, {**CHANGE, "kind": "delete", "now": None}]
    assert parse_with_changes(json.dumps(SCHIEBER)) == (load(SCHIEBER), [])
    assert load_changes({**HANDJASS, "changes": None}, game) == []
    hand = {**CHANGE, "before": None, "after": SCHIEBER["hands"][0]}
    assert load_changes({**SCHIEBER, "changes": [hand]}, load(SCHIEBER)) == [hand]


@pytest.mark.parametrize(
    "change",
    [
        {**CHANGE, "time": 5},
        {**CHANGE, "time": ""},
        {**CHANGE, "time": "x" * 41},
        {**CHANGE, "time": "12:00\n"},
        {**CHANGE, "phone": None},
        {**CHANGE, "phone": "A\x00"},
        {**CHANGE, "phone": "x" * 41},
        {**CHANGE, "kind": "create"},
        {**CHANGE, "kind": ["edit"]},
        {**CHANGE, "hand": 0},
        {**CHANGE, "hand": "1"},
        {**CHANGE, "now": 3},  # the record has two deals
        {**CHANGE, "now": 0},
        {**CHANGE, "now": -1},
        {**CHANGE, "now": True},
        {**CHANGE, "before": "deal"},
        {**CHANGE, "after": SCHIEBER["hands"][0]},  # a Schieber hand in a Handjass game
        {**CHANGE, "after": {**DEAL, "agreed": "no"}},
        {k: v for k, v in CHANGE.items() if k != "kind"},
        "edit",
        [CHANGE],
    ],
)
def test_broken_changes_are_refused(change):
    with pytest.raises(ImportProblem) as error:
        parse_with_changes(json.dumps({**HANDJASS, "changes": [change]}))
    assert error.value.code.key == "import_change"
    assert error.value.code.values["number"] == 1
    assert say(error.value.code).startswith("Änderung 1 ist beschädigt (")


@pytest.mark.parametrize("changes", ["none", {"0": CHANGE}, 5, True])
def test_changes_are_a_list(changes):
    with pytest.raises(ImportProblem):
        load_changes({**HANDJASS, "changes": changes}, load(HANDJASS))


@pytest.mark.parametrize("kind", ["array", "object"])
def test_changes_nested_deep_are_refused(kind):
    with pytest.raises(ImportProblem):
        changes = [{**CHANGE, "after": deeply(50_000, kind)}]
        load_changes({**HANDJASS, "changes": changes}, load(HANDJASS))
    text = json.dumps(HANDJASS)[:-1] + ', "changes": [' + nested(50_000, kind) + "]}"
    with pytest.raises(ImportProblem):
        parse_with_changes(text)


@FUZZ
@given(json_values, st.sampled_from(sorted(CHANGE)))
def test_any_change_gives_changes_or_an_import_problem(value, field):
    for changes in (value, [value], [{**CHANGE, field: value}]):
        try:
            read = load_changes({**HANDJASS, "changes": changes}, load(HANDJASS))
        except ImportProblem as problem:
            assert str(problem)
        else:
            assert isinstance(read, list)
            json.dumps(read)

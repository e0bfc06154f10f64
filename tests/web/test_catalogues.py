"""The catalogues: every word the code says has its French and English words, with the same
placeholders; and the pages come in the phone's language."""

from __future__ import annotations

import re
from pathlib import Path
from string import Formatter

import pytest
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.pofile import read_po

from scorer.web.core.i18n import LANGUAGES, catalogue

ROOT = Path(__file__).resolve().parents[2]
TRANSLATED = ("fr", "en")
# Words a table says alike in German and in that language: a msgstr made of these only (and
# placeholders, figures, signs) may be the msgid itself; any other must be translated.
SAME = {
    "fr": {"Obenabe", "Undenufe", "Stöck", "Schneider", "Bergpreis", "Match", "Slalom", "Gusti"}
    | {"Joker", "Handjass", "Differenzler", "Coiffeur", "Rang", "Ober", "Under", "Dame", "D"}
    | {"Total", "Bonus", "Passe", "Saison"},
    "en": {"Obenabe", "Undenufe", "Stöck", "Schneider", "Bergpreis", "Match", "Slalom", "Gusti"}
    | {"Joker", "Handjass", "Differenzler", "Coiffeur", "Schieber", "Weis", "Name", "Team"}
    | {
        "Teams",
        "Modern",
        "Hand",
        "Ober",
        "Under",
        "Banner",
        "K",
        "Berner",
        "Total",
        "Bonus",
        "Rest",
        "Passe",
        "Passen",
    },
}


def _catalogue(lang: str):
    with catalogue(lang).open("rb") as file:
        return read_po(file, locale=lang)


def _key(message):
    return (message.context, message.id) if message.context else message.id


def placeholders(text: str) -> set[str]:
    """The named values a text fills in: %(name)s in templates' words, {name} in Python's."""
    if "%(" in text:
        return set(re.findall(r"%\((\w+)\)", text))
    return {name.split("!")[0] for _, name, _, _ in Formatter().parse(text) if name}


def extracted() -> dict:
    """Every msgid the code says now, as babel.cfg extracts it (Babel's Python API)."""
    with (ROOT / "babel.cfg").open() as file:
        method_map, options_map = parse_mapping_cfg(file)
    found = {}
    for filename, _, message, _, context in extract_from_dir(
        str(ROOT), method_map, options_map, keywords=DEFAULT_KEYWORDS
    ):
        found[(context, message) if context else message] = filename
    return found


CODE = extracted()


def test_the_extraction_finds_the_words_of_code_and_templates():
    assert "Jass-Zähler" in CODE  # base.html
    assert "Nicht gelöscht: {problem}" in CODE  # scorer/web/core/messages/core.py, N_
    assert ("rank", "König") in CODE  # scorer/web/core/messages/deck.py, pgettext
    assert "{run} {suit} {to}" in CODE  # a format translated whole


@pytest.mark.parametrize("lang", sorted(LANGUAGES))
def test_no_word_of_the_code_is_missing_from_a_catalogue(lang):
    kept = {_key(m) for m in _catalogue(lang) if m.id}
    missing = sorted(f"{CODE[key]}: {key!r}" for key in CODE if key not in kept)
    assert missing == [], "run `make catalogues` and translate"
    gone = sorted(repr(key) for key in kept if key not in CODE)
    assert gone == [], "words the code no longer says: run `make catalogues`"


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_word_is_translated_with_its_placeholders(lang):
    wrong = []
    for message in _catalogue(lang):
        if not message.id:
            continue
        key = _key(message)
        forms = message.string if isinstance(message.string, tuple) else (message.string,)
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        if "fuzzy" in message.flags or not all(forms):
            wrong.append(f"untranslated or fuzzy: {key!r}")
            continue
        allowed = set().union(*(placeholders(i) for i in ids))
        for form in forms:
            if placeholders(form) - allowed:
                wrong.append(f"placeholders of {key!r}: {form!r}")
        if placeholders(forms[-1]) != placeholders(ids[-1]):
            wrong.append(f"placeholders of {key!r}: {forms[-1]!r}")
        if forms[0] == ids[0] and not set(re.findall(r"[^\W\d_]+", _bare(ids[0]))) <= SAME[lang]:
            wrong.append(f"the German words kept: {key!r}")
    assert wrong == []


def _bare(text: str) -> str:
    """A text without its placeholders."""
    return re.sub(r"%\(\w+\)s|\{[^}]*\}", "", text)


def test_the_compiled_catalogues_are_fresh():
    for lang in TRANSLATED:
        po = catalogue(lang)
        mo = po.with_suffix(".mo")
        assert mo.exists(), "run `make translations`"
        assert mo.stat().st_mtime >= po.stat().st_mtime, "run `make translations`"


def test_placeholders_are_read_in_both_styles():
    assert placeholders("Hand {number}: {problems}") == {"number", "problems"}
    assert placeholders("es fehlt {key!r}") == {"key"}
    assert placeholders("noch %(count)s Tage") == {"count"}
    assert placeholders("Weis") == set()


# --- the pages in the phone's language ------------------------------------------------------

FRENCH = {"Accept-Language": "fr-CH,fr;q=0.9,en;q=0.5"}
ENGLISH = {"Accept-Language": "en-GB,en;q=0.9"}


def html_lang(html: str) -> str:
    return re.search(r'<html lang="(\w+)">', html)[1]


@pytest.mark.parametrize(
    "headers, lang, words",
    [
        (FRENCH, "fr", ["Parties en cours", "Aucune partie en cours.", "Archives (0)"]),
        (ENGLISH, "en", ["Running games", "No running game yet.", "Archive (0)"]),
        ({}, "de", ["Laufende Spiele", "Noch kein laufendes Spiel.", "Archiv (0)"]),
        ({"Accept-Language": "it-CH, de;q=0.5"}, "de", ["Laufende Spiele"]),
    ],
)
def test_the_start_page_speaks_the_browsers_language(client, headers, lang, words):
    html = client.get("/", headers=headers).get_data(as_text=True)
    assert html_lang(html) == lang
    for word in words:
        assert word in html


def test_the_switch_is_remembered_and_beats_the_browser(client):
    answer = client.post("/sprache", data={"lang": "en", "back": "/phone?back=/"})
    assert answer.status_code == 303
    assert answer.headers["Location"] == "/phone?back=/"
    assert "lang=en" in answer.headers["Set-Cookie"]
    html = client.get("/", headers=FRENCH).get_data(as_text=True)
    assert html_lang(html) == "en"
    assert "Running games" in html
    client.post("/sprache", data={"lang": "fr"})
    html = client.get("/phone", headers=ENGLISH).get_data(as_text=True)
    assert html_lang(html) == "fr"
    assert "Comment s'appelle ce téléphone ?" in html
    assert 'id="lang-fr" aria-pressed="true"' in html


def test_an_unknown_language_changes_nothing(client):
    answer = client.post("/sprache", data={"lang": "xx", "back": "//elsewhere"})
    assert answer.headers["Location"] == "/"
    assert "Set-Cookie" not in answer.headers or "lang=" not in answer.headers["Set-Cookie"]


def test_the_phone_page_offers_each_language_in_its_own_words(client):
    html = client.get("/phone", headers=ENGLISH).get_data(as_text=True)
    for code, words in LANGUAGES.items():
        assert f'lang="{code}" id="lang-{code}"' in html
        assert f">{words}</button>" in html
    assert "What is this phone called?" in html


def test_the_start_page_offers_the_three_languages(client):
    html = client.get("/", headers=FRENCH).get_data(as_text=True)
    bar = html.split('class="languages-bar"')[1].split("</form>")[0]
    buttons = re.findall(
        r'value="(\w+)" lang="\w+" id="bar-lang-\w+" aria-label="([^"]+)" '
        r'aria-pressed="(\w+)">(\w+)</button>',
        bar,
    )
    assert buttons == [
        ("de", "Deutsch", "false", "DE"),
        ("fr", "Français", "true", "FR"),
        ("en", "English", "false", "EN"),
    ]
    english = client.post("/sprache", data={"lang": "en", "back": "/"})
    assert english.status_code == 303 and english.headers["Location"] == "/"
    assert "Running games" in client.get("/").get_data(as_text=True)


def test_errors_and_refusals_in_french(client):
    missing = client.get("/games/999", headers=FRENCH)
    html = missing.get_data(as_text=True)
    assert missing.status_code == 404
    assert "Cette page n&#39;existe pas ici (ou la partie n&#39;existe plus)." in html
    named = client.post("/phone", data={"name": " "}, headers=FRENCH)
    assert "Entrer un nom, par exemple « Anna » ou « Table 3 »." in named.get_data(as_text=True)


def test_flask_wtf_says_its_own_messages_in_the_phones_language(app):
    from flask_wtf import FlaskForm
    from wtforms import IntegerField

    class Form(FlaskForm):
        number = IntegerField()

    for headers, words in ((FRENCH, "entier"), (ENGLISH, "integer"), ({}, "ganze Zahl")):
        with app.test_request_context("/", method="POST", data={"number": "x"}, headers=headers):
            form = Form(meta={"csrf": False})
            form.validate()
            assert words in form.number.errors[0]


# --- a Schieber game in French and in English -------------------------------------------------


def _schieber(client, headers):
    """A modern game (Wir, Ihr) set up through the form, with one hand: Schellen ×2, 90 : 67."""
    from tests.conftest import new_game_form

    client.post("/games/new", data=new_game_form(), headers=headers)
    client.post(
        "/games/1/hands",
        data={"contract": "schellen", "points": "90", "points_team": "0"},
        headers=headers,
    )


WORDS = {
    "fr": {
        "new": ["Nouvelle partie : Chibre", "Places", "Points du but", "Commencer la partie"],
        "game": ["Donne 2 : main à", "Grelots", "Donnes", "Toucher l'atout = enregistrer"],
        "row": "Plis 90 : 67",
        "refused": ("points", "{} n&#39;existe pas : aucune carte ne vaut 1 point."),
        "ruling": ["Wir remercie ; ses propres points comptent.", "gagne."],
        "won": "Ihr gagne",
    },
    "en": {
        "new": ["New game: Schieber", "Seating", "Target points", "Start the game"],
        "game": ["Hand 2: forehand", "Bells", "Hands", "Tap the contract = save the hand"],
        "row": "Tricks 90 : 67",
        "refused": ("points", "{} is impossible: no card counts 1 point."),
        "ruling": ["Wir claims; its own points count.", "wins."],
        "won": "Ihr wins",
    },
}


@pytest.mark.parametrize("lang, headers", [("fr", FRENCH), ("en", ENGLISH)])
def test_a_schieber_game_in_the_phones_language(client, lang, headers):
    from tests.conftest import errors_in

    words = WORDS[lang]
    html = client.get("/games/new", headers=headers).get_data(as_text=True)
    assert html_lang(html) == lang
    for word in words["new"]:
        assert word in html
    _schieber(client, headers)
    html = client.get("/games/1", headers=headers).get_data(as_text=True)
    assert html_lang(html) == lang
    for word in words["game"]:
        assert word in html
    assert words["row"] in html
    refused = client.post(
        "/games/1/hands",
        data={"contract": "rosen", "points": "156", "points_team": "0"},
        headers=headers,
    )
    field, message = words["refused"]
    assert refused.status_code == 422
    assert errors_in(refused.get_data(as_text=True))[field] == message.format(156)
    claimed = client.post(
        "/games/1/claim",
        data={"claim_team": "0", "contract": "rosen", "first_trick": "no", "claim_points": "40"},
        headers=headers,
    )
    assert claimed.status_code == 303
    html = client.get("/games/1", headers=headers).get_data(as_text=True)
    ending = html.split('id="ending"')[1].split("</ol>")[0]
    assert words["ruling"][0] in ending and words["ruling"][1] in ending
    assert words["won"] in html


def test_the_cookie_beats_the_browser_on_a_game_page(client):
    _schieber(client, {})
    client.post("/sprache", data={"lang": "fr"})
    html = client.get("/games/1", headers=ENGLISH).get_data(as_text=True)
    assert html_lang(html) == "fr" and "Donnes" in html


def test_a_polled_board_in_another_language_is_another_version(client):
    _schieber(client, {})
    german = client.get("/games/1?teil=tafel").headers["ETag"]
    french = client.get("/games/1?teil=tafel", headers=FRENCH).headers["ETag"]
    assert german == 'W/"schieber-1-1"' and french == 'W/"schieber-1-1-fr"'


# --- the other modes ---------------------------------------------------------------------------

HANDJASS = {
    "fr": [
        "Nouvelle partie : Handjass",
        "Donne 2 : <b>Anna</b> donne, main à <b>Ben</b>",
        "Patate (moins de 26) : Clara, Dani.",
        "Traits : Anna 1 trait, Ben 1 trait.",
        "Retrait à 7 traits",
    ],
    "en": [
        "New game: Handjass",
        "Deal 2: <b>Anna</b> deals, forehand <b>Ben</b>",
        "Potato (under 26): Clara, Dani.",
        "Strokes: Anna 1 stroke, Ben 1 stroke.",
        "Retire at 7 strokes",
    ],
}


@pytest.mark.parametrize("lang, headers", [("fr", FRENCH), ("en", ENGLISH)])
def test_a_handjass_game_in_the_phones_language(client, lang, headers):
    from tests.conftest import errors_in

    players = {"seat1": "Anna", "seat2": "Ben", "seat3": "Clara", "seat4": "Dani"}
    new = client.get("/handjass/new", headers=headers).get_data(as_text=True)
    client.post("/handjass/new", data={**players, "deck": "swiss"}, headers=headers)
    cards = {"cards0": "60", "cards1": "50", "cards2": "25", "cards3": "22"}
    client.post("/handjass/1/deals", data={"trump": "rosen", **cards}, headers=headers)
    html = new + client.get("/handjass/1", headers=headers).get_data(as_text=True)
    assert html_lang(html) == lang
    for words in HANDJASS[lang]:
        assert words in html
    refused = client.post(
        "/handjass/1/deals",
        data={"trump": "rosen", "cards0": "1", "cards1": "60", "cards2": "50", "cards3": "46"},
        headers=headers,
    )
    assert refused.status_code == 422
    assert (
        errors_in(refused.get_data(as_text=True))["p0"]
        == {
            "fr": "1 point de plis n&#39;existe pas : aucune carte ne vaut 1.",
            "en": "1 trick point is impossible: no card counts 1.",
        }[lang]
    )


DIFFERENZLER = {
    "fr": ["Nouvelle partie : Differenzler", "Manche 2 sur 12", "Classement", "Pile"],
    "en": ["New game: Differenzler", "Round 2 of 12", "Standings", "Exact"],
}


@pytest.mark.parametrize("lang, headers", [("fr", FRENCH), ("en", ENGLISH)])
def test_a_differenzler_game_in_the_phones_language(client, lang, headers):
    from tests.conftest import errors_in

    players = {"seat1": "Anna", "seat2": "Ben", "seat3": "Clara", "seat4": "Dani"}
    new = client.get("/differenzler/new", headers=headers).get_data(as_text=True)
    setup = {**players, "rounds": "12", "deck": "swiss", "exact_bonus": "0"}
    client.post("/differenzler/new", data=setup, headers=headers)
    said = {f"prediction-{seat}": "40" for seat in range(4)}
    points = {"points-0": "40", "points-1": "30", "points-2": "50", "points-3": "37"}
    saved = client.post(
        "/differenzler/1/round",
        data={"action": "save", "trump": "rosen", **said, **points},
        headers=headers,
    )
    html = new + client.get(saved.headers["Location"], headers=headers).get_data(as_text=True)
    assert html_lang(html) == lang
    for words in DIFFERENZLER[lang]:
        assert words in html
    note = {
        "fr": "Manche 1 enregistrée : Anna 0, Ben 10, Clara 10, Dani 3 d&#39;écart. Pile : Anna.",
        "en": "Round 1 saved: Anna 0, Ben 10, Clara 10, Dani 3 off. Exact: Anna.",
    }[lang]
    assert note in html
    refused = client.post(
        "/differenzler/1/round",
        data={"action": "next", "trump": "rosen", "said": "200"},
        headers=headers,
    )
    assert (
        errors_in(refused.get_data(as_text=True))["said"]
        == {
            "fr": "Un pronostic est un nombre entier de 0 à 157.",
            "en": "A prediction is a whole number from 0 to 157.",
        }[lang]
    )


COIFFEUR = {
    "fr": ["Nouvelle partie : Coiffeur", "Inscriptions", "Roses ×1 pour Wir : 95 → 95 enregistré."],
    "en": ["New game: Coiffeur", "Entries", "Roses ×1 for Wir: 95 → 95 saved."],
}


@pytest.mark.parametrize("lang, headers", [("fr", FRENCH), ("en", ENGLISH)])
def test_a_coiffeur_game_in_the_phones_language(client, lang, headers):
    from tests.conftest import errors_in

    new = client.get("/coiffeur/new", headers=headers).get_data(as_text=True)
    setup = {"team1": "Wir", "team2": "Ihr", "deck": "swiss", "board": "8"}
    client.post("/coiffeur/new", data=setup, headers=headers)
    entry = {"cell": "0:rosen", "points": "95"}
    saved = client.post("/coiffeur/1/entries", data=entry, headers={**headers, "HX-Request": "1"})
    html = new + saved.get_data(as_text=True)
    html += client.get("/coiffeur/1", headers=headers).get_data(as_text=True)
    assert html_lang(html) == lang
    for words in COIFFEUR[lang]:
        assert words in html
    refused = client.post(
        "/coiffeur/1/entries", data={"cell": "1:rosen", "points": "1"}, headers=headers
    )
    assert (
        errors_in(refused.get_data(as_text=True))["points"]
        == {
            "fr": "1 n&#39;existe pas : aucune carte ne vaut 1 point.",
            "en": "1 is impossible: no card counts 1 point.",
        }[lang]
    )

"""The pages: the list of games, a new game, a game with its entry panel, export and import."""

from __future__ import annotations

import json

from flask import (
    Blueprint,
    Response,
    abort,
    redirect,
    render_template,
    request,
    url_for,
)
from flask_wtf.csrf import CSRFError
from jinja2_fragments.flask import render_block

from scorer import exchange
from scorer.cards import DECK_NAMES, DECKS, FACES, HAND_TOTAL, MATCH_TOTAL, RANKS, suit
from scorer.claims import STEP_NAMES
from scorer.contracts import contracts_for
from scorer.handjass import replay as hj_replay
from scorer.schieber import (
    Declared,
    Game,
    Hand,
    change_record,
    enter,
    hand_problems,
    merge_declared,
    replay,
    settle_tie,
)
from scorer.standing import still_needed
from scorer.storage import games
from scorer.web.db import get_db
from scorer.web.forms import (
    ClaimForm,
    HandForm,
    NewGameForm,
    parse_card,
    parse_weis,
    weis_code,
)
from scorer.web.slate_svg import slate_svg
from scorer.weis import RUN_NAMES, Weis, detect, stoeck_in

bp = Blueprint("scorer", __name__)


def is_htmx() -> bool:
    """An htmx request that wants a fragment (not a history restore, which wants the page)."""
    return bool(request.headers.get("HX-Request")) and not request.headers.get(
        "HX-History-Restore-Request"
    )


@bp.after_request
def vary_on_htmx(response: Response) -> Response:
    """Pages and fragments share URLs, so caches must tell them apart."""
    response.vary.add("HX-Request")
    return response


@bp.app_errorhandler(CSRFError)
def session_expired(_error: CSRFError):
    """A page open too long (or its cookie gone): nothing was saved; say so and let them retry.

    On the game page the panel comes back with what was typed and a fresh token, so one more tap
    saves it.
    """
    message = "Die Seite war zu lange offen: nichts gespeichert. Bitte nochmals tippen."
    game_id = (request.view_args or {}).get("game_id")
    stored = games.load(get_db(), game_id) if game_id is not None else None
    if stored is not None and is_htmx():
        return _show(game_id, stored.game, 422, form=HandForm(), errors={"game": message})
    return render_template("expired.html", message=message, back=request.referrer), 400


@bp.app_template_filter()
def day(created: str) -> str:
    """A stored date as the table writes it: 22.11.2026."""
    year, month, date = created[:10].split("-")
    return f"{date}.{month}.{year}"


@bp.app_template_filter()
def contract_name(key: str, rules) -> str:
    """The name of a contract of the table."""
    contract = rules.contract(key)
    return contract.name if contract else key


@bp.app_template_global()
def order_label(order) -> str:
    """A house order as the table says it: "Stöck – Weis – Stich"."""
    return " – ".join(STEP_NAMES[kind] for kind in order)


@bp.app_template_global()
def deck_suit(key: str):
    """The suit with this key, for templates."""
    return suit(key)


@bp.get("/")
def index():
    """Every game kept on this device's server, running ones first."""
    db = get_db()
    listed = [
        (stored, replay(stored.game) if stored.game.KIND == "schieber" else hj_replay(stored.game))
        for stored in games.all_games(db)
    ]
    running = [(s, st) for s, st in listed if not st.finished]
    finished = [(s, st) for s, st in listed if st.finished]
    return render_template("index.html", running=running, finished=finished)


@bp.route("/games/new", methods=["GET", "POST"])
def new_game():
    """Set up a game: teams in seat order, deck faces, rules."""
    form = NewGameForm(formdata=request.form if request.method == "POST" else None)
    errors: dict[str, str] = {}
    if request.method == "POST":
        form.fill_preset(None)
        game, errors = form.game()
        if not errors:
            game_id = games.create(get_db(), game)
            return redirect(url_for("scorer.show_game", game_id=game_id), 303)
    else:
        form.fill_preset("preset")
    return _render_new(form, errors, 422 if errors else 200)


@bp.get("/games/new/rules")
def new_game_rules():
    """The rules part of the set-up, refilled when the deck or the preset changes."""
    form = NewGameForm(formdata=request.args, meta={"csrf": False})
    form.fill_preset(request.args.get("changed"))
    return render_block("new_game.html", "rules", **_new_context(form, {}))


def _new_context(form: NewGameForm, errors: dict[str, str]) -> dict:
    deck = form.deck.data if form.deck.data in DECKS else "swiss"
    return {
        "form": form,
        "errors": errors,
        "contracts": contracts_for(deck),
        "deck_names": DECK_NAMES,
    }


def _render_new(form: NewGameForm, errors: dict[str, str], status: int):
    return render_template("new_game.html", **_new_context(form, errors)), status


def _load(game_id: int, kind: str | None = "schieber"):
    """The stored game with this id, of this kind (None: any kind), or 404."""
    stored = games.load(get_db(), game_id)
    if stored is None or (kind is not None and stored.game.KIND != kind):
        abort(404)
    return stored


def _game_context(game_id: int, game: Game, form: HandForm | None = None, errors=None, **extra):
    state = replay(game)
    form = form or _fresh_form(game, state)
    index = state.hand_index
    return {
        "game_id": game_id,
        "game": game,
        "rules": game.rules,
        "state": state,
        "form": form,
        "errors": errors or {},
        "next_index": index,
        "vorhand": game.vorhand(index),
        "dealer": game.dealer(index),
        "partner": game.partner(index),
        "slates": [slate_svg(game, state, team) for team in (0, 1)],
        "needs": still_needed(game, state),
        "HAND_TOTAL": HAND_TOTAL,
        "deck_names": DECK_NAMES,
        "editing": False,
        "note": None,
        "MATCH_TOTAL": MATCH_TOTAL,
        **extra,
    }


def _fresh_form(game: Game, state) -> HandForm:
    """An empty panel: the trick points default to the team of this hand's Vorhand."""
    form = HandForm(formdata=None)
    index = state.hand_index
    form.points_team.data = str(game.vorhand(index)[0])
    return form


def _show(game_id: int, game: Game, status: int = 200, **context):
    """The game page, or only its live part for htmx."""
    values = _game_context(game_id, game, **context)
    if is_htmx():
        return render_block("game.html", "live", **values), status
    return render_template("game.html", **values), status


def _written(game_id: int, game: Game):
    """Store the game's new record; htmx gets the live part, a plain form post a redirect."""
    games.save_record(get_db(), game_id, game)
    if is_htmx():
        return _show(game_id, game)
    return redirect(url_for("scorer.show_game", game_id=game_id), 303)


@bp.get("/games/<int:game_id>")
def show_game(game_id: int):
    """A game: the slate, the entry panel and the hand history."""
    stored = _load(game_id, kind=None)
    if stored.game.KIND != "schieber":
        return redirect(url_for(f"{stored.game.KIND}.show", game_id=game_id), 303)
    return _show(game_id, stored.game)


@bp.post("/games/<int:game_id>/hands")
def add_hand(game_id: int):
    """Write an entry: a new hand, or Weis, Stöck or trick points of the open hand."""
    stored = _load(game_id)
    form = HandForm()
    entry, errors = form.entry()
    if entry is not None:
        game, errors = enter(stored.game, entry)
    if errors:
        return _show(game_id, stored.game, 422, form=form, errors=errors)
    return _written(game_id, game)


@bp.post("/games/<int:game_id>/undo")
def undo(game_id: int):
    """Take back the last entry: the last hand, open or not."""
    stored = _load(game_id)
    game = stored.game
    if not game.hands:
        return _written(game_id, game)
    games.save_record(get_db(), game_id, game.with_hands(game.hands[:-1]))
    note = f"Hand {len(game.hands)} zurückgenommen."
    if is_htmx():
        return _show(game_id, game.with_hands(game.hands[:-1]), note=note)
    return redirect(url_for("scorer.show_game", game_id=game_id), 303)


@bp.post("/games/<int:game_id>/first-claim")
def first_claim(game_id: int):
    """Both teams went over the target in one hand: record who claimed first."""
    stored = _load(game_id)
    if request.form.get("team") not in ("0", "1"):
        abort(400)
    game = settle_tie(stored.game, int(request.form["team"]))
    return _written(game_id, game)


@bp.post("/games/<int:game_id>/again")
def play_again(game_id: int):
    """Start the next game with the same teams and rules."""
    stored = _load(game_id)
    new_id = games.create(get_db(), stored.game.rematch())
    return redirect(url_for("scorer.show_game", game_id=new_id), 303)


@bp.route("/games/<int:game_id>/claim", methods=["GET", "POST"])
def claim(game_id: int):
    """A team claims it has won ("bedanken"): ask what the ruling needs, then rule."""
    game = _load(game_id).game
    state = replay(game)
    if state.finished or state.tie:
        return redirect(url_for("scorer.show_game", game_id=game_id), 303)
    form = ClaimForm()
    current = state.open_hand
    if current is not None:
        form.contract.data = current.contract
    errors: dict[str, str] = {}
    if request.method == "POST":
        hand, errors = form.entry()
        if hand is not None:
            game, errors = enter(game, hand)
        if not errors:
            games.save_record(get_db(), game_id, game)
            return redirect(url_for("scorer.show_game", game_id=game_id), 303)
    index = state.hand_index
    return render_template(
        "claim.html",
        game_id=game_id,
        game=game,
        rules=game.rules,
        state=state,
        form=form,
        errors=errors,
        current=current,
        written=state.rows[-1] if current else None,
        number=index + 1,
    ), (422 if errors else 200)


@bp.route("/games/<int:game_id>/weis", methods=["GET", "POST"])
def declare_weis(game_id: int):
    """Declare Weis player by player (or from their cards) and see the ruling before writing.

    Everything on the page lives in the form: each button posts it back with an action (add,
    remove, find in cards, write), so the page works without JavaScript; htmx swaps it in place.
    """
    game = _load(game_id).game
    state = replay(game)
    if state.finished or state.tie:
        return redirect(url_for("scorer.show_game", game_id=game_id), 303)
    data = request.form if request.method == "POST" else request.args
    current = state.open_hand
    index = state.hand_index
    contract = current.contract if current else data.get("contract", "")
    seats = game.seats()
    declared = {
        seat: [w for w in (parse_weis(c) for c in data.getlist(f"d{seat}")) if w]
        for seat in range(len(seats))
    }
    stoeck = int(data["stoeck"]) if data.get("stoeck") in ("0", "1") else None
    errors: dict[str, str] = {}
    verb, *args = data.get("action", "").split(":")
    numbers = [int(a) for a in args if a.isdigit()]
    seat = numbers[0] if numbers and numbers[0] < len(seats) else None
    rules = game.rules
    play = rules.play(contract) if rules.contract(contract) else None
    if verb in ("add", "find", "write") and play is None:
        errors["contract"] = "Zuerst den Trumpf wählen: er entscheidet über den Weis."
    elif verb == "add" and seat is not None:
        weis = weis_to_add(data, seat)
        faces = FACES[rules.deck]
        problem = (
            rules.weis_table.problem(weis, play, rules.suits, faces) if weis else "Weis wählen."
        )
        if problem:
            errors[f"decl-{seat}"] = problem
        else:
            declared[seat].append(weis)
    elif verb == "remove" and seat is not None:
        position = numbers[1] if len(numbers) == 2 else -1
        if 0 <= position < len(declared[seat]):
            del declared[seat][position]
    elif verb == "find" and seat is not None:
        cards = [c for c in (parse_card(v) for v in data.getlist(f"cards{seat}")) if c]
        if len(cards) > game.hand_size:
            errors[f"decl-{seat}"] = f"Eine Hand hat {game.hand_size} Karten, nicht {len(cards)}."
        else:
            declared[seat] = detect(cards, rules.weis_table, play, rules.suits)
            if stoeck_in(cards, play):
                stoeck = seats[seat][0]
            if not declared[seat]:
                errors[f"decl-{seat}"] = "In diesen Karten steckt kein Weis."
    new = merge_declared(Declared(s, tuple(w)) for s, w in declared.items())
    if verb == "write" and not errors and not new and stoeck is None:
        errors["weis"] = (
            "Noch kein Weis und kein Stöck angesagt: zuerst „+ Weis“ bei einem Spieler."
        )
    if verb == "write" and not errors:
        entry = Hand(contract, stoeck=stoeck, declarations=new)
        game, errors = enter(game, entry)
        if not errors:
            games.save_record(get_db(), game_id, game)
            target = url_for("scorer.show_game", game_id=game_id)
            if is_htmx():
                return "", 204, {"HX-Redirect": target}
            return redirect(target, 303)
    ruling = None
    if play is not None and (new or (current and current.declarations)):
        preview = Hand(
            contract, declarations=merge_declared((current.declarations if current else ()) + new)
        )
        errors = {**hand_problems(preview, rules, game.players_per_team), **errors}
        errors.pop("points", None)
        if not any(k.startswith("decl-") for k in errors):
            ruling, _ = game.weis_ruling(index, preview)
    context = {
        "game_id": game_id,
        "game": game,
        "rules": rules,
        "form": HandForm(formdata=None),
        "current": current,
        "contract": contract,
        "number": index + 1,
        "players": [(s, seats[s][0], seats[s][1]) for s in game.play_order(index)],
        "declared": declared,
        "codes": {s: [weis_code(w) for w in ws] for s, ws in declared.items()},
        "chosen_cards": {s: set(data.getlist(f"cards{s}")) for s in range(len(seats))},
        "stoeck": stoeck,
        "errors": errors,
        "ruling": ruling,
        "play": play,
        "ranks": RANKS,
        "run_names": RUN_NAMES,
        "weis_points": (lambda w: rules.weis_table.points(w, play)) if play else (lambda w: 0),
        "faces": FACES[rules.deck],
    }
    status = 422 if errors and verb == "write" else 200
    if is_htmx():
        return render_block("weis.html", "declare", **context), status
    return render_template("weis.html", **context), status


def weis_to_add(data, seat: int) -> Weis | None:
    """The Weis chosen in a player's add row."""
    if data.get(f"kind{seat}") == "four":
        return parse_weis(f"four:{data.get(f'rank{seat}', '')}")
    suit, top, length = (data.get(f"{name}{seat}", "") for name in ("suit", "top", "len"))
    return parse_weis(f"run:{suit}:{top}:{length}")


def _hand_index(game: Game, number: int) -> int:
    if not 1 <= number <= len(game.hands):
        abort(404)
    return number - 1


@bp.route("/games/<int:game_id>/hands/<int:number>", methods=["GET", "POST"])
def edit_hand(game_id: int, number: int):
    """Change an earlier hand; everything after it is recomputed from the record."""
    stored = _load(game_id)
    index = _hand_index(stored.game, number)
    form = HandForm()
    errors: dict[str, str] = {}
    if request.method == "GET":
        form.fill(stored.game.hands[index])
    else:
        hand, errors = form.entry()
        if hand is not None:
            hands = list(stored.game.hands)
            hands[index] = hand
            _, problem = change_record(stored.game, hands)
            if problem:
                errors = {"game": problem}
            else:
                games.save_record(get_db(), game_id, stored.game.with_hands(hands))
                return redirect(url_for("scorer.show_game", game_id=game_id), 303)
    return render_template(
        "edit_hand.html",
        **_game_context(
            game_id, stored.game, form=form, errors=errors, number=number, editing=True
        ),
    ), (422 if errors else 200)


@bp.post("/games/<int:game_id>/hands/<int:number>/delete")
def delete_hand(game_id: int, number: int):
    """Delete an earlier hand; the record closes up behind it."""
    stored = _load(game_id)
    index = _hand_index(stored.game, number)
    form = HandForm()
    hands = list(stored.game.hands)
    del hands[index]
    _, problem = change_record(stored.game, hands)
    if problem:
        form.fill(stored.game.hands[index])
        return render_template(
            "edit_hand.html",
            **_game_context(
                game_id,
                stored.game,
                form=form,
                errors={"game": problem},
                number=number,
                editing=True,
            ),
        ), 422
    games.save_record(get_db(), game_id, stored.game.with_hands(hands))
    return redirect(url_for("scorer.show_game", game_id=game_id), 303)


@bp.get("/games/<int:game_id>/export.json")
def export_game(game_id: int):
    """The game's record as a versioned JSON file (docs/export-format.md)."""
    stored = _load(game_id, kind=None)
    body = json.dumps(exchange.export(stored.game), ensure_ascii=False, indent=2)
    return Response(
        body,
        mimetype="application/json",
        headers={"Content-Disposition": f'attachment; filename="jass-{game_id}.json"'},
    )


@bp.route("/games/import", methods=["GET", "POST"])
def import_game():
    """Read an exported game back in as a new game in the same state."""
    form = HandForm()  # only for its CSRF token
    error = None
    if request.method == "POST":
        upload = request.files.get("file")
        try:
            if upload is None or not upload.filename:
                raise exchange.ImportProblem("Bitte eine exportierte .json-Datei wählen.")
            data = json.loads(upload.read().decode("utf-8"))
            game = exchange.load(data)
        except (UnicodeDecodeError, json.JSONDecodeError):
            error = "Die Datei ist kein JSON: bitte die exportierte Datei wählen."
        except exchange.ImportProblem as problem:
            error = str(problem)
        else:
            game_id = games.create(get_db(), game)
            return redirect(url_for("scorer.show_game", game_id=game_id), 303)
    return render_template("import.html", form=form, error=error), (422 if error else 200)

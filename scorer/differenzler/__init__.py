"""Differenzler: every player for themselves, predicting their points (RULES.md 4, seed 003).

Before each round every player secretly predicts the points they will make; afterwards the
difference between prediction and points is added to their total. The Trumpf is drawn at random
(one of the four suits; a setting adds Obenabe and Undenufe). After the set rounds the lowest
total wins; when it is shared, the tied players share first place, or (a setting) tie rounds are
played until it stands alone. Seats are in the order of play (counter-clockwise), seat 0 is
Vorhand in the first round.

The engine says what is wrong with codes (scorer.codes.Code), never with sentences. Every code it
can give, with its values (a seat counts from 0; form fields "prediction-<seat>" and
"points-<seat>" name one player's box):

Set-up, DifferenzlerGame.problems() and DifferenzlerRules.problems(), by field:
- `players_count(least, most)`: not 3 to 6 players ("players").
- `name_missing(seat)`: a player without a name, blank after stripping ("players").
- `name_too_long(most)`, `name_control`: from scorer.names.name_problem, unchanged ("players").
- `names_alike(first, second)`: two seats with the same name, ignoring case ("players").
- `rounds_range(least, most)`: the set rounds not a whole number 1..64 ("rounds").
- `yes_or_no`: the Weis setting not true or false ("weis").
- `exact_bonus_range(most)`: the exact-hit bonus not a whole number 0..157 ("exact_bonus").
- `deck_unknown`: a deck scorer.cards does not know ("deck").
- `tie_unknown`: what follows a shared lowest total is neither "shared" nor "round" ("tie").

A round, round_problems() and enter(), by field:
- `game_over(winner)`: the winner (a seat) is known, no more rounds ("game").
- `game_over_shared(winners)`: the seats in `winners` share first place, no more rounds ("game").
- `trump_unknown`: the Trumpf is none of the deck's suits, Obenabe or Undenufe ("trump").
- `weis_off`: Weis written while the table does not count Weis ("weis").
- `weis_range(most)`: Weis not a whole number 0..most (1000) ("weis").
- `weis_values`: Weis that no sum of 20, 50, 100, 150 and 200 makes (10, 30, 45) ("weis").
- `predictions_count(players)`: not one prediction per player ("predictions").
- `prediction_range(most)`: a prediction not a whole number 0..most (157) ("prediction-<seat>").
- `points_count(players)`: not one result per player ("points").
- `points_whole`: a player's points not a whole number ("points-<seat>").
- `points_negative`: a player's points below 0 ("points-<seat>").
- `points_impossible(points)`: points no player can make: 1 (no card counts 1) ("points-<seat>").
- `points_sum(points, total)`: the points add up to `points`, not to the round's `total`
  (157 and the round's Weis) ("points").

fill_last():
- `points_over(points, total)`: the other players already have `points`, more than `total`.

rest_of() (what the points typed so far say, while they are typed):
- `rest_for(player, rest, made, total)`: the one player left blank gets `rest`.
- `points_over(points, total)`, `points_sum(points, total)` as above; `points_add_up(points)`:
  all typed and they make the total; `rest_open(total)`: more than one left blank.

A whole record, record_problem():
- `round_problem(round, field, problem)`: round number `round` (from 1) cannot stand; `field`
  is the field its first problem concerns and `problem` that problem, one of the round codes
  above (a Code itself: word it and put the round before it).

Reading stored data, from_dict(), raises scorer.codes.Invalid with the readers' codes of
scorer.cards: `not_whole(field)`, `not_flag(field)`, `not_text(field)`, `not_list(field)`,
`not_object(field)`; a missing "players", "predictions" or "points" raises KeyError.
"""

from scorer.differenzler.game import DifferenzlerGame, enter, game_over, record_problem
from scorer.differenzler.rounds import (
    PREDICTION_MOST,
    WEIS_MOST,
    WEIS_VALUES,
    Round,
    fill_last,
    rest_of,
    round_problems,
    round_total,
)
from scorer.differenzler.rules import (
    NO_TRUMP,
    PLAYERS_LEAST,
    PLAYERS_MOST,
    ROUNDS_DEFAULT,
    ROUNDS_LEAST,
    ROUNDS_MOST,
    TIE_DEFAULT,
    TIES,
    DifferenzlerRules,
    contracts,
    draw_trump,
)
from scorer.differenzler.standings import DifferenzlerState, Line, Row, replay, summary

__all__ = [
    "NO_TRUMP",
    "PLAYERS_LEAST",
    "PLAYERS_MOST",
    "PREDICTION_MOST",
    "ROUNDS_DEFAULT",
    "ROUNDS_LEAST",
    "ROUNDS_MOST",
    "TIES",
    "TIE_DEFAULT",
    "WEIS_MOST",
    "WEIS_VALUES",
    "DifferenzlerGame",
    "DifferenzlerRules",
    "DifferenzlerState",
    "Line",
    "Round",
    "Row",
    "contracts",
    "draw_trump",
    "enter",
    "game_over",
    "fill_last",
    "record_problem",
    "replay",
    "rest_of",
    "round_problems",
    "round_total",
    "summary",
]

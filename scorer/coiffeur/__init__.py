"""Coiffeur: every team plays every contract of the board once, each contract counting times its
own multiplier; most points after all rounds wins (RULES.md 5, seed 003).

The engine speaks codes (scorer.codes.Code), never sentences. Every code it can return, by key,
with its values (team: a team index from 0; contract: a contract key such as "rosen", "obenabe",
"free1", "slalom"; entry: an index in the record from 0):

Set-up, CoiffeurGame.problems() and CoiffeurRules.problems(), keyed by form field:
- deck_unknown: {} (field "deck") - the deck is not "swiss" or "french"
- contracts_empty: {} (field "contracts") - the board holds no contract
- contract_unknown: {contract} (field "contracts") - not a contract of this deck (contract None
  when it is not even text)
- contract_twice: {contract} (field "contracts") - a contract twice on the board
- multiplier_range: {contract, low, high} (field "multiplier-<i>", i the contract's place on
  the board from 0) - the multiplier is not a whole number from low (1) to high (20)
- match_bonus_range: {low, high} (field "match_bonus") - not a whole number from 0 to 500
- not_flag: {field} (field "counter_match") - the setting is not a yes or no
- teams_count: {count, low, high} (field "teams") - not 2 or 3 teams
- team_name_missing: {team} (field "teams") - a team without a name
- name_too_long: {most, team} (field "teams") - from scorer.names, with the team added
- name_control: {team} (field "teams") - from scorer.names, with the team added
- team_names_same: {team, other} (field "teams") - two teams named alike (case ignored)
- counter_match_two_teams: {} (field "counter_match") - the counter-Match needs two teams

An entry, enter() and entry_problems(), keyed by form field:
- game_finished: {} (field "game") - every cell is filled
- team_unknown: {team} (field "team") - no such team (team None when not a whole number)
- contract_unknown: {contract} (field "contract") - not on the board
- cell_filled: {team, contract} (field "contract") - the team has played this contract
- not_flag: {field} (field "kind") - match, crossed or countered is not a yes or no
- entry_kinds: {} (field "kind") - more than one of Match, gestrichen and countered
- counter_match_off: {} (field "countered") - this table plays no counter-Match
- counter_match_two_teams: {} (field "countered") - the counter-Match needs two teams
- points_range: {points, high, match} (field "points") - not 0 to high (157), nor the Match
  total (match: 157 + bonus); points None when not a whole number
- points_impossible: {points} (field "points") - 1 or 156: no card counts 1
- match_points: {points, high} (field "points") - a Match is all high (157) points
- crossed_points: {points} (field "points") - gestrichen is 0 points
- countered_points: {points} (field "points") - a countered team made 0 points

A record, record_problem(): entry_problem {number, problem}, the first entry that cannot stand
(from 1) and its first problem (any entry code above).

Reading plain data, from_dict() raises scorer.codes.Invalid with the readers' codes of
scorer.cards: not_whole, not_flag, not_text, not_list, not_object, each {field}, and
unknown_key {field, key} for a key an entry does not have ("weis"); KeyError when
the teams, an entry's team or contract, or a contract's key or multiplier is missing.
"""

from scorer.coiffeur.game import (
    CoiffeurGame,
    Entry,
    enter,
    entry_problems,
    normal,
    record_problem,
)
from scorer.coiffeur.outlook import Need, Outlook, outlooks
from scorer.coiffeur.rules import (
    CUSTOM,
    FREE1,
    FREE2,
    GUSTI,
    LISTS,
    OBENABE,
    SLALOM,
    UNDENUFE,
    CoiffeurRules,
    Contract,
    contract_list,
    known_contracts,
    numbered,
)
from scorer.coiffeur.standing import (
    Cell,
    CoiffeurState,
    cell_value,
    counter_value,
    replay,
    scoring,
    summary,
)

__all__ = [
    "CUSTOM",
    "FREE1",
    "FREE2",
    "GUSTI",
    "LISTS",
    "OBENABE",
    "SLALOM",
    "UNDENUFE",
    "Cell",
    "CoiffeurGame",
    "CoiffeurRules",
    "CoiffeurState",
    "Contract",
    "Entry",
    "Need",
    "Outlook",
    "cell_value",
    "contract_list",
    "counter_value",
    "enter",
    "entry_problems",
    "known_contracts",
    "normal",
    "numbered",
    "outlooks",
    "record_problem",
    "replay",
    "scoring",
    "summary",
]

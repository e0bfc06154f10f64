"""No id twice on a game's page or in the answer to an entry: a script, a label or htmx that
looks an element up by its id must find the one meant (what a <template> holds is not part of
the page until it is used)."""

import re
from collections import Counter

import pytest

from tests.web.test_boards import GAMES


def repeated_ids(html: str) -> dict[str, int]:
    shown = re.sub(r"<template\b.*?</template>", "", html, flags=re.S)
    return {k: n for k, n in Counter(re.findall(r'\sid="([^"]+)"', shown)).items() if n > 1}


@pytest.mark.parametrize("kind", GAMES)
def test_no_id_twice_on_a_game_page_or_in_an_entry_answer(client, kind):
    new, entry, page, _ = GAMES[kind]
    assert client.post(new[0], data=new[1]).status_code == 303
    fresh = client.get(page).get_data(as_text=True)
    assert repeated_ids(fresh) == {}
    answer = client.post(entry[0], data=entry[1], headers={"HX-Request": "true"})
    assert answer.status_code == 200
    assert 'id="live"' in answer.get_data(as_text=True)
    assert repeated_ids(answer.get_data(as_text=True)) == {}
    after = client.get(page).get_data(as_text=True)
    assert 'class="undo"' in after  # the undo form's guard beside the panel's
    assert repeated_ids(after) == {}

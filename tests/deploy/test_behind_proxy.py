"""The server `make run` starts, behind a reverse proxy as deploy/ sets it up: with
TRUST_PROXY, waitress takes the phone's address, the scheme and the host from that proxy alone
(Secure cookies, links and QR codes on the public https address, log lines with the phone's
address); through Caddy on a host name with its own certificate authority, a poll answered 304
keeps the phone's connection; any Host header gets the app's answer."""

from __future__ import annotations

import re
import socket
from pathlib import Path

import pytest

from tests.serving import Phone, run_app, run_caddy

FORWARDED = {
    "X-Forwarded-For": "203.0.113.7",
    "X-Forwarded-Proto": "https",
    "X-Forwarded-Host": "jass.example.ch",
}


@pytest.fixture
def phones():
    """Phones (Phone's arguments) whose connections close with the test."""
    made: list[Phone] = []

    def make(**kwargs) -> Phone:
        made.append(Phone(**kwargs))
        return made[-1]

    yield make
    for one in made:
        one.conn.close()


def secure(header: str) -> bool:
    return "secure" in {part.strip().lower() for part in header.split(";")}


@pytest.fixture(scope="module")
def proxied(tmp_path_factory):
    """make run's server with TRUST_PROXY=1, and Caddy with deploy/Caddyfile in front of it on
    https://jass.test:PORT."""
    folder = tmp_path_factory.mktemp("proxied")
    app = run_app(folder / "app", make=True, TRUST_PROXY="1")
    try:
        proxy = run_caddy(folder / "proxy", app.port)
    except BaseException:
        app.stop()
        raise
    yield app, proxy
    proxy.stop()
    app.stop()


def test_through_caddy_links_and_cookies_are_those_of_the_public_https_address(phones, proxied):
    app, proxy = proxied
    phone = phones(proxy=proxy)
    game = phone.new_game()
    watch, write = phone.share(game)
    assert re.fullmatch(rf"https://jass\.test:{proxy.port}/s/[\w-]{{24}}", watch)
    assert write == f"https://jass.test:{proxy.port}{game}"
    assert phone.set_cookies and all(secure(c) for c in phone.set_cookies)
    response, board = phone.request("GET", watch.removeprefix(proxy.url))
    assert response.status == 200 and 'id="tafel"' in board


def test_through_caddy_a_poll_answered_304_keeps_the_phones_connection(phones, proxied):
    _, proxy = proxied
    phone = phones(proxy=proxy)
    game = phone.new_game()
    poll = f"{game}?teil=tafel"
    first, _ = phone.request("GET", poll, headers={"HX-Request": "true"})
    tag = first.getheader("ETag")
    connection = phone.conn.sock
    for _ in range(3):
        again, _ = phone.request("GET", poll, headers={"HX-Request": "true", "If-None-Match": tag})
        assert again.status == 304
        assert not again.will_close and phone.conn.sock is connection


def test_the_trusted_proxys_headers_make_the_links_https_and_the_cookie_secure(phones, proxied):
    app, _ = proxied
    phone = phones(app=app, headers=FORWARDED)  # as Caddy sends them, from 127.0.0.1
    watch, _ = phone.share(phone.new_game())
    assert watch.startswith("https://jass.example.ch/s/")
    assert all(secure(c) for c in phone.set_cookies)


@pytest.mark.parametrize("trust", [None, "0", "127.0.0.2"])
def test_forwarded_headers_from_anyone_but_the_trusted_proxy_count_for_nothing(
    phones, tmp_path, trust
):
    app = run_app(tmp_path, **({"TRUST_PROXY": trust} if trust else {}))
    try:
        phone = phones(app=app, headers=FORWARDED)
        watch, _ = phone.share(phone.new_game())
        assert watch.startswith(f"http://127.0.0.1:{app.port}/s/")
        assert phone.set_cookies and not any(secure(c) for c in phone.set_cookies)
    finally:
        app.stop()


def test_a_fault_is_logged_with_the_phones_address_not_the_proxys(phones, tmp_path):
    app = run_app(tmp_path, TRUST_PROXY="1")
    try:
        # The database gone bad under the running server: every request that reads it fails.
        database = Path(tmp_path / "scorer.db")
        for name in (f"{database}-wal", f"{database}-shm"):
            Path(name).unlink(missing_ok=True)
        database.write_bytes(b"not a database" * 100)
        response, _ = phones(app=app, headers=FORWARDED).request("GET", "/")
        assert response.status == 500
    finally:
        app.stop()
    assert re.search(r"\] ERROR 203\.0\.113\.7 GET /\?: Exception on / \[GET\]", app.output())


@pytest.mark.parametrize("host", ["a" * 64 + ".test", "jass_zaehler.test", "jass.test:99999"])
def test_any_host_header_gets_the_apps_answer_never_waitresss(proxied, host):
    app, _ = proxied
    with socket.create_connection(("127.0.0.1", app.port), timeout=20) as raw:
        raw.sendall(f"GET / HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n".encode())
        answer = b""
        while chunk := raw.recv(65536):
            answer += chunk
    text = answer.decode("utf-8", "replace")
    assert text.startswith("HTTP/1.1 400 "), text[:200]
    assert "Der Name des Servers in dieser Adresse ist ungültig." in text
    assert "waitress" not in text.split("\r\n\r\n", 1)[1]

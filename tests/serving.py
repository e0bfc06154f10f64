"""The app as it runs for real, for the tests and benches that need it: `make run`'s server in a
process of its own, Caddy in front of it with deploy/Caddyfile on a host name (its own
certificate authority, `tls internal`), an NSS database that trusts that authority, as
Chromium reads it from $HOME/.pki/nssdb, and a phone that talks to either over HTTP."""

from __future__ import annotations

import gzip
import http.client
import os
import re
import signal
import socket
import ssl
import subprocess
import sys
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlencode

from tests.conftest import new_game_form

ROOT = Path(__file__).resolve().parents[1]
CADDYFILE = ROOT / "deploy" / "Caddyfile"
CADDY = "/usr/bin/caddy"
HOST_NAME = "jass.test"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@dataclass
class Process:
    """A server started in a session of its own (it and whatever it forked stop together)."""

    process: subprocess.Popen
    log: Path

    def stop(self, sig: int = signal.SIGTERM) -> None:
        if self.process.poll() is None:
            try:
                os.killpg(self.process.pid, sig)
            except ProcessLookupError:
                pass
        self.process.wait(timeout=20)

    def output(self) -> str:
        return self.log.read_text(errors="replace")


@dataclass
class App(Process):
    url: str  # http://127.0.0.1:PORT

    @property
    def port(self) -> int:
        return int(self.url.rsplit(":", 1)[1])


def run_app(folder: Path, *, make: bool = False, **env: str) -> App:
    """The app on a database in `folder` (FLASK_DATABASE), on a free port of 127.0.0.1, one
    worker; `make`: started by `make run` itself. `env` adds to the environment (TRUST_PROXY).
    Its output (stdout and stderr) goes to `folder`/server.log."""
    folder.mkdir(parents=True, exist_ok=True)
    log = folder / "server.log"
    settings = {
        **os.environ,
        "HOST": "127.0.0.1",
        "PORT": "0",
        "WORKERS": "1",
        "FLASK_DATABASE": str(folder / "scorer.db"),
        "SECRET_KEY": "served",
        **env,
    }
    command = (
        ["make", "--no-print-directory", "run"]
        if make
        else [sys.executable, "-m", "scorer.web.serve"]
    )
    process = subprocess.Popen(
        command,
        cwd=ROOT,
        env=settings,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        start_new_session=True,
    )
    found: list[str] = []
    ready = threading.Event()

    def copy() -> None:  # the whole output to the log; the address once it is printed
        with log.open("w") as out, process.stdout:
            for line in process.stdout:
                out.write(line)
                out.flush()
                address = re.search(r"läuft: (http://[\d.]+:\d+)/", line)
                if address and not found:
                    found.append(address.group(1))
                    ready.set()
        ready.set()

    threading.Thread(target=copy, daemon=True).start()
    if not ready.wait(90) or not found:
        Process(process, log).stop(signal.SIGKILL)
        raise RuntimeError(f"the app did not start:\n{log.read_text()}")
    return App(process, log, found[0])


@dataclass
class Proxy(Process):
    name: str
    port: int
    authority: Path  # Caddy's root certificate

    @property
    def url(self) -> str:
        return f"https://{self.name}:{self.port}"


def caddyfile(upstream: int, https_port: int, http_port: int, storage: Path, name: str) -> str:
    """deploy/Caddyfile as shipped, for a test host: its site on `name`:`https_port` with
    `tls internal` (the line the file has for a test host), in front of the app on `upstream`;
    Caddy's own settings on top (no admin endpoint, nothing installed in the system's trust,
    its files in `storage`, free ports)."""
    site = CADDYFILE.read_text()
    for old, new in (
        ("jass.example.ch {", f"{name}:{https_port} {{"),
        ("# tls internal", "tls internal"),
        ("reverse_proxy 127.0.0.1:5000", f"reverse_proxy 127.0.0.1:{upstream}"),
    ):
        assert site.count(old) == 1, f"deploy/Caddyfile changed: no single {old!r}"
        site = site.replace(old, new)
    return (
        "{\n\tadmin off\n\tskip_install_trust\n"
        f"\thttp_port {http_port}\n\thttps_port {https_port}\n"
        f"\tstorage file_system {storage}\n}}\n\n{site}"
    )


def run_caddy(folder: Path, upstream: int, name: str = HOST_NAME) -> Proxy:
    """Caddy with deploy/Caddyfile on https://`name`:PORT (127.0.0.1) in front of the app on
    `upstream`, once it answers there."""
    folder.mkdir(parents=True, exist_ok=True)
    https_port, http_port = free_port(), free_port()
    storage = folder / "caddy"
    config = folder / "Caddyfile"
    config.write_text(caddyfile(upstream, https_port, http_port, storage, name))
    log = folder / "caddy.log"
    env = {
        **os.environ,
        "HOME": str(folder),
        "XDG_DATA_HOME": str(folder / "data"),
        "XDG_CONFIG_HOME": str(folder / "config"),
    }
    with log.open("w") as out:
        process = subprocess.Popen(
            [CADDY, "run", "--config", str(config), "--adapter", "caddyfile"],
            env=env,
            stdout=out,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    proxy = Proxy(process, log, name, https_port, storage / "pki/authorities/local/root.crt")
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"Caddy stopped:\n{log.read_text()}")
        if proxy.authority.exists():
            try:  # its certificate for the name, signed by its authority, is ready
                context = ssl.create_default_context(cafile=str(proxy.authority))
                with socket.create_connection(("127.0.0.1", https_port), timeout=1) as raw:
                    context.wrap_socket(raw, server_hostname=name).close()
                return proxy
            except OSError:  # not listening yet, or no certificate yet (an SSLError)
                pass
        time.sleep(0.1)
    proxy.stop(signal.SIGKILL)
    raise RuntimeError(f"Caddy did not start:\n{log.read_text()}")


def trusting_home(folder: Path, authority: Path) -> Path:
    """A home folder whose NSS database (what Chromium on Linux reads) trusts `authority` to
    sign servers' certificates: Chromium started with HOME set to it trusts Caddy's
    certificates as a phone that installed the authority does."""
    nss = folder / ".pki" / "nssdb"
    nss.mkdir(parents=True, exist_ok=True)
    database = f"sql:{nss}"
    subprocess.run(["certutil", "-d", database, "-N", "--empty-password"], check=True)
    subprocess.run(
        ["certutil", "-d", database, "-A", "-t", "C,,", "-n", "Caddy", "-i", str(authority)],
        check=True,
    )
    return folder


class Phone:
    """One phone: one keep-alive connection (to the app, or over TLS to Caddy by its host name,
    trusting Caddy's authority alone) and its cookies."""

    def __init__(self, app: App | None = None, proxy: Proxy | None = None, headers=None):
        self.proxy = proxy
        self.port = proxy.port if proxy else app.port
        self.headers = headers or {}
        self.cookies: dict[str, str] = {}
        self.set_cookies: list[str] = []
        self.conn = self.connect()

    def connect(self) -> http.client.HTTPConnection:
        if self.proxy is None:
            return http.client.HTTPConnection("127.0.0.1", self.port, timeout=20)
        context = ssl.create_default_context(cafile=str(self.proxy.authority))
        conn = http.client.HTTPSConnection(self.proxy.name, self.port, timeout=20, context=context)
        raw = socket.create_connection(("127.0.0.1", self.port), timeout=20)
        conn.sock = context.wrap_socket(raw, server_hostname=self.proxy.name)
        return conn

    @property
    def origin(self) -> str:
        """Where the phone believes it is (what the server sees as this request's origin)."""
        if self.proxy:
            return self.proxy.url
        if self.headers.get("X-Forwarded-Host"):
            return f"https://{self.headers['X-Forwarded-Host']}"
        return f"http://127.0.0.1:{self.port}"

    def request(self, method: str, path: str, fields: dict | None = None, headers=None):
        """Status, headers and text of one request."""
        sent = {"Accept-Encoding": "gzip", **self.headers, **(headers or {})}
        if self.cookies:
            sent["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        body = None
        if fields is not None:
            body = urlencode(fields)
            sent["Content-Type"] = "application/x-www-form-urlencoded"
            sent["Referer"] = self.origin + path  # Flask-WTF wants it over HTTPS
        if self.conn.sock is None and self.proxy is not None:
            self.conn = self.connect()  # http.client would not give the host name to TLS
        self.conn.request(method, path, body=body, headers=sent)
        response = self.conn.getresponse()
        data = response.read()
        if response.getheader("Content-Encoding") == "gzip":
            data = gzip.decompress(data)
        for header in response.headers.get_all("Set-Cookie") or ():
            self.set_cookies.append(header)
            name, _, value = header.split(";", 1)[0].partition("=")
            self.cookies[name.strip()] = value.strip()
        return response, data.decode()

    def new_game(self) -> str:
        """A Schieber game set up through its form: its writer's path."""
        _, form = self.request("GET", "/games/new")
        token = re.search(r'name="csrf_token"[^>]*value="([^"]+)"', form).group(1)
        once = re.search(r'name="once"[^>]*value="([^"]+)"', form).group(1)
        fields = {**new_game_form(), "csrf_token": token, "once": once}
        response, _ = self.request("POST", "/games/new", fields)
        assert response.status == 303, response.status
        return re.sub(r"^https?://[^/]+", "", response.getheader("Location"))

    def share(self, game: str) -> tuple[str, str]:
        """The share page's two links, as written under their QR codes."""
        _, page = self.request("GET", f"{game}/teilen")
        watch = re.search(r'id="watch-url">\s*([^<\s]+)', page).group(1)
        write = re.search(r'id="write-url">\s*([^<\s]+)', page).group(1)
        return watch, write

    def enter_hand(self, game: str, contract: str, points: int, team: int) -> bool:
        """A hand through the game's panel, with the page's tokens: whether the server
        acknowledged it (its answer: 303 to the game's page)."""
        _, page = self.request("GET", game)
        fields = {
            name: re.search(rf'name="{name}"[^>]*value="([^"]*)"', page).group(1)
            for name in ("csrf_token", "once", "seen")
        }
        fields.update(contract=contract, points=str(points), points_team=str(team))
        response, _ = self.request("POST", f"{game}/hands", fields)
        return response.status == 303

    def close(self) -> None:
        self.conn.close()

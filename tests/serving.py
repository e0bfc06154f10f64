"""The app as it runs for real, for the tests and benches that need it: `make run`'s server in a
process of its own, Caddy in front of it with deploy/Caddyfile on a host name (its own
certificate authority, `tls internal`), and an NSS database that trusts that authority, as
Chromium reads it from $HOME/.pki/nssdb."""

from __future__ import annotations

import os
import re
import signal
import socket
import subprocess
import sys
import threading
import time
from dataclasses import dataclass
from pathlib import Path

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
            try:
                socket.create_connection(("127.0.0.1", https_port), timeout=1).close()
                return proxy
            except OSError:
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

"""The deployment files people copy (``deploy/``, ``docs/deployment.md``) are the ones that work:
the documented nginx site parses with Debian's nginx (``nginx -t``) around the same proxy snippet
that ``bench/chaos.py`` runs its failovers through, and the systemd units pass
``systemd-analyze verify``."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest
from bench.chaos import NGINX, PROXY_SNIPPET, nginx_config

ROOT = Path(__file__).resolve().parents[2]
DEPLOY = ROOT / "deploy"
needs_nginx = pytest.mark.skipif(not Path(NGINX).exists() or not shutil.which("openssl"), reason="no nginx/openssl")


def nginx_test(conf: Path, folder: Path) -> subprocess.CompletedProcess[str]:
    args = [NGINX, "-t", "-c", str(conf), "-p", str(folder), "-e", str(folder / "error.log")]
    return subprocess.run(args, capture_output=True, text=True, timeout=60, check=False)


@needs_nginx
def test_the_documented_site_parses(tmp_path: Path) -> None:
    key, cert = tmp_path / "key.pem", tmp_path / "cert.pem"
    subject = ["-subj", "/CN=cards.example.org", "-keyout", str(key), "-out", str(cert)]
    subprocess.run(
        ["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", *subject],
        check=True,
        capture_output=True,
        timeout=120,
    )
    site = (DEPLOY / "nginx" / "samrap.conf").read_text(encoding="utf-8")
    # Only what names this machine's files changes: the certificate, the snippet's place, the log.
    site = site.replace("/etc/letsencrypt/live/cards.example.org/fullchain.pem", str(cert))
    site = site.replace("/etc/letsencrypt/live/cards.example.org/privkey.pem", str(key))
    site = site.replace("/etc/nginx/snippets/samrap-proxy.conf", str(PROXY_SNIPPET))
    site = site.replace("/var/log/nginx/", f"{tmp_path}/")
    (tmp_path / "samrap.conf").write_text(site, encoding="utf-8")
    main = tmp_path / "nginx.conf"
    main.write_text(
        f"pid {tmp_path}/nginx.pid;\nevents {{}}\nhttp {{\n    include {tmp_path}/samrap.conf;\n}}\n", encoding="utf-8"
    )
    result = nginx_test(main, tmp_path)
    assert result.returncode == 0, result.stderr
    assert "test is successful" in result.stderr


@needs_nginx
def test_the_chaos_benchmark_config_parses(tmp_path: Path) -> None:
    conf = tmp_path / "nginx.conf"
    conf.write_text(nginx_config(tmp_path, 18080, [18001, 18002]), encoding="utf-8")
    result = nginx_test(conf, tmp_path)
    assert result.returncode == 0, result.stderr
    assert f"include {PROXY_SNIPPET};" in conf.read_text(encoding="utf-8")


def test_the_docs_show_the_files_as_they_are() -> None:
    """docs/deployment.md quotes the proxy snippet whole: a change to one shows in the other."""
    doc = (ROOT / "docs" / "deployment.md").read_text(encoding="utf-8")
    for path in (PROXY_SNIPPET, DEPLOY / "nginx" / "samrap.conf", DEPLOY / "systemd" / "samrap@.service"):
        assert path.read_text(encoding="utf-8").strip() in doc, path.name


@pytest.mark.skipif(not shutil.which("systemd-analyze"), reason="no systemd-analyze")
def test_the_systemd_units_verify(tmp_path: Path) -> None:
    samrap = shutil.which("samrap") or "/bin/true"  # verify wants an executable that exists
    for unit in (DEPLOY / "systemd").iterdir():
        text = unit.read_text(encoding="utf-8").replace("/opt/samrap/.venv/bin/samrap", samrap)
        (tmp_path / unit.name).write_text(text, encoding="utf-8")
    units = [str(tmp_path / "samrap@8001.service"), str(tmp_path / "samrap-backup.service")]
    units.append(str(tmp_path / "samrap-backup.timer"))
    args = ["systemd-analyze", "verify", "--man=no", *units]
    result = subprocess.run(args, capture_output=True, text=True, timeout=120, check=False, cwd=tmp_path)
    assert result.returncode == 0 and result.stderr.strip() == "", result.stderr

"""JupyterHub serving the rolkit dashboard to a club: one login and one server per user.

Run from the project root (see README, "Serving a club with JupyterHub")::

    npm install --prefix deploy/jupyterhub            # configurable-http-proxy 5.3.0
    .venv/bin/jupyterhub -f deploy/jupyterhub/jupyterhub_config.py

Each user's server is ``jupyterhub-singleuser`` (jupyter_server) that serves the dashboard and
nothing else: its one rolkit extension, ``widgets.serve.hub``, loads rolkit's serving layer
(``widgets.serve.extension``: Voilà's server extension with the handlers of
``python -m widgets.serve``: busy page, the close-tab beacon's xsrf cookie, the idle notice,
plain error pages), allows the kernel socket the dashboard's widget messages only (Voilà's
``allowed_message_types``: an execute, inspect, complete, history, debug or stdin message closes
the socket) and closes every route but the dashboard page, its static files, its own kernel and
the hub's login (no kernels, sessions, contents, terminals or kernelspecs API, no ``/files/``:
nobody runs code or reads or writes the notebook folder). Its default URL is the dashboard
(``/user/<name>/voila/render/dashboard.ipynb``), the only notebook it renders. The kernel
websocket uses rolkit's validated connection class
(``widgets.serve.connection.SafeKernelWebsocketConnection``) and the kernel manager with the
session cap and abandoned/closed-tab culling (``widgets.serve.kernels.BoundedKernelManager``).
Idle kernels are culled (``cull_idle_timeout``, ``cull_connected``) and a server with no
kernel and no activity stops itself (``shutdown_no_activity_timeout``): its user's next
visit starts a new one.

Settings from the environment (all optional):

==========================  ===============================================================
``ROLKIT_HUB_IP/PORT``      public address (default 127.0.0.1:8000; put TLS in front)
``ROLKIT_HUB_AUTH``         ``pam`` (default: system accounts) or ``shared`` (one club
                            password, ``ROLKIT_HUB_PASSWORD``, ≥ 8 characters)
``ROLKIT_HUB_USERS``        comma-separated allowed user names (required with ``shared``)
``ROLKIT_HUB_SPAWNER``      ``local`` (default: each user's own Unix account, needs root) or
                            ``simple`` (every server as the hub's Unix user, each with its
                            own home and data folders under ``$ROLKIT_HUB_STATE/homes``;
                            the routes above are what keeps users apart, not the OS)
``ROLKIT_HUB_STATE``        folder for the database, cookie secret, homes (default
                            ``deploy/jupyterhub/state``)
``ROLKIT_HUB_NOTEBOOK``     the notebook to serve (default ``notebooks/dashboard.ipynb``)
``ROLKIT_HUB_IDLE``         kernel idle cull, seconds (600); servers stop after 3× that
==========================  ===============================================================
"""

import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

c = get_config()  # noqa: F821 - provided by JupyterHub when it loads this file

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
STATE = Path(os.environ.get("ROLKIT_HUB_STATE", HERE / "state")).resolve()
STATE.mkdir(parents=True, exist_ok=True, mode=0o700)
NOTEBOOK = Path(os.environ.get("ROLKIT_HUB_NOTEBOOK", ROOT / "notebooks" / "dashboard.ipynb"))
IDLE = int(os.environ.get("ROLKIT_HUB_IDLE", "600"))
BIN = Path(sys.executable).parent

# -- the hub and its proxy ---------------------------------------------------------------
c.JupyterHub.ip = os.environ.get("ROLKIT_HUB_IP", "127.0.0.1")
c.JupyterHub.port = int(os.environ.get("ROLKIT_HUB_PORT", "8000"))
c.JupyterHub.hub_ip = "127.0.0.1"
c.JupyterHub.hub_port = int(os.environ.get("ROLKIT_HUB_API_PORT", "8081"))
c.ConfigurableHTTPProxy.api_url = (
    f"http://127.0.0.1:{os.environ.get('ROLKIT_HUB_PROXY_PORT', '8001')}"
)
c.ConfigurableHTTPProxy.command = [str(HERE / "node_modules" / ".bin" / "configurable-http-proxy")]
c.JupyterHub.db_url = f"sqlite:///{STATE / 'jupyterhub.sqlite'}"
c.JupyterHub.cookie_secret_file = str(STATE / "jupyterhub_cookie_secret")
c.JupyterHub.pid_file = str(STATE / "jupyterhub.pid")
c.JupyterHub.cleanup_servers = True
c.JupyterHub.cleanup_proxy = True

# -- who can log in ----------------------------------------------------------------------
users = {u.strip() for u in os.environ.get("ROLKIT_HUB_USERS", "").split(",") if u.strip()}
if os.environ.get("ROLKIT_HUB_AUTH", "pam") == "shared":
    c.JupyterHub.authenticator_class = "shared-password"
    c.SharedPasswordAuthenticator.user_password = os.environ["ROLKIT_HUB_PASSWORD"]
    if not users:
        raise SystemExit("ROLKIT_HUB_AUTH=shared needs ROLKIT_HUB_USERS=name1,name2,...")
if users:
    c.Authenticator.allowed_users = users

# -- each user's server: jupyter_server + Voilà, the dashboard as the default URL -------------
# jupyterhub-singleuser, without the iri grammar jsonschema would build (widgets.serve.singleuser);
# -P: the working directory (the user's home) is not put on sys.path, so nothing a user leaves
# there is imported
c.Spawner.cmd = [str(BIN / "python"), "-P", "-m", "widgets.serve.singleuser"]
# the notebook's folder is served read-only: no route lists, reads or writes it
c.Spawner.notebook_dir = str(NOTEBOOK.parent)
c.Spawner.default_url = f"/voila/render/{NOTEBOOK.name}"
c.Spawner.env_keep = ["PATH", "LANG", "LC_ALL"]
# a user's own ~/.jupyter (config, extensions) is not read: what a server serves is this file's
c.Spawner.disable_user_config = True
c.Spawner.environment = {"PYTHONPATH": str(ROOT)}
if os.environ.get("ROLKIT_HUB_SPAWNER", "local") == "simple":
    # one Unix account for all: each user's server and kernels get their own home, and the
    # XDG folders under it (rolkit's roster and logs live in platformdirs' user folders)
    c.JupyterHub.spawner_class = "simple"
    HOMES = STATE / "homes"
    HOMES.mkdir(exist_ok=True, mode=0o700)
    c.SimpleLocalProcessSpawner.home_dir_template = str(HOMES / "{username}")

    def _under_home(*parts: str) -> Callable[[Any], str]:  # JupyterHub calls it per spawner
        return lambda spawner: str(Path(spawner.home_dir, *parts))

    c.Spawner.environment.update(
        {
            "XDG_DATA_HOME": _under_home(".local", "share"),
            "XDG_STATE_HOME": _under_home(".local", "state"),
            "XDG_CONFIG_HOME": _under_home(".config"),
            "XDG_CACHE_HOME": _under_home(".cache"),
        }
    )
c.Spawner.start_timeout = 120
c.Spawner.http_timeout = 120
c.Spawner.args = [
    "--ServerApp.kernel_websocket_connection_class=widgets.serve.connection.SafeKernelWebsocketConnection",
    "--ServerApp.kernel_manager_class=widgets.serve.kernels.BoundedKernelManager",
    "--BoundedKernelManager.max_sessions=4",
    f"--MappingKernelManager.cull_idle_timeout={IDLE}",
    "--MappingKernelManager.cull_interval=60",
    "--MappingKernelManager.cull_connected=True",
    f"--ServerApp.shutdown_no_activity_timeout={3 * IDLE}",
    "--ServerApp.tornado_settings={'websocket_max_message_size': 4194304}",
    "--VoilaConfiguration.show_tracebacks=False",
    # only the dashboard, through rolkit's serving layer (widgets.serve.hub: widgets.serve.extension
    # -- Voilà's extension with the handlers of `python -m widgets.serve` -- plus the message
    # filter and the closed routes); no JupyterLab (nor its extension manager, which would
    # query PyPI), no terminals
    "--ServerApp.jpserver_extensions="
    "{'widgets.serve.hub': True, 'widgets.serve.extension': False,"
    " 'voila.server_extension': False, 'jupyterlab': False, 'jupyter_lsp': False,"
    " 'notebook': False, 'notebook_shim': False, 'jupyter_server_terminals': False}",
    # an extension that fails to load stops the server (it would otherwise serve every route)
    "--ServerApp.reraise_server_extension_failures=True",
    "--ServerApp.terminals_enabled=False",
]
if os.geteuid() == 0 and os.environ.get("ROLKIT_HUB_SPAWNER", "local") == "simple":
    c.Spawner.args.append("--ServerApp.allow_root=True")  # every server runs as the hub's user

"""The route guard of ``widgets.serve.hub`` on a bare tornado app (no hub, under a second):
what the dashboard page asks for reaches its handler; every other method and path, however
spelled, reaches the plain 404 instead. ``test_sec_jupyterhub.py`` proves the same end to end.
"""

import inspect
import re

import pytest
import voila.app
from tornado import web
from tornado.httputil import HTTPHeaders, HTTPServerRequest, RequestStartLine

from widgets.serve.hub import DASHBOARD_MESSAGES, ClosedRouteHandler, close_routes

BASE = "/user/ana/"
KERNEL = "0f1e2d3c-4b5a-6978-8a9b-acbdcedf0123"


class Anything(web.RequestHandler):
    """Stands for every handler a jupyter_server registers (kernels API, contents, ...)."""


def _app(default_url: str = BASE + "voila/render/dashboard.ipynb") -> web.Application:
    app = web.Application(
        [(r".*", Anything)], base_url=BASE, default_url=default_url, xsrf_cookies=True
    )
    close_routes(app)
    return app


def _handler(app: web.Application, method: str, uri: str) -> type:
    request = HTTPServerRequest(
        start_line=RequestStartLine(method, uri, "HTTP/1.1"),
        headers=HTTPHeaders({"Host": "127.0.0.1:8000"}),
    )
    return app.find_handler(request).handler_class


# what the dashboard page, its beacon and the hub ask for (seen in Chromium under the hub)
OPEN = [
    ("GET", BASE),
    ("GET", BASE + "voila/render/dashboard.ipynb?system=core_dread&lang=es"),
    ("GET", BASE + "voila/static/4653.voila.js"),
    ("GET", BASE + "voila/templates/lab/static/theme-light.css?v=5670"),
    ("GET", BASE + "voila/templates/lab/static/9834b82ad26e2a37583d.woff2"),
    (
        "GET",
        BASE + "voila/labextensions/@jupyter-widgets/jupyterlab-manager/static/7.2a0c.js?v=2a",
    ),
    ("GET", BASE + f"api/kernels/{KERNEL}?1796178646147"),
    ("GET", BASE + f"api/kernels/{KERNEL}/channels?session_id=b97e4628"),
    ("POST", BASE + f"voila/api/shutdown/{KERNEL}"),
    ("GET", BASE + "oauth_callback?code=x&state=y"),
    ("GET", BASE + "logout"),
    ("GET", BASE + "api"),
]

CLOSED = [
    # code
    ("POST", BASE + "api/kernels"),
    ("GET", BASE + "api/kernels"),
    ("DELETE", BASE + f"api/kernels/{KERNEL}"),
    ("POST", BASE + f"api/kernels/{KERNEL}/restart"),
    ("POST", BASE + f"api/kernels/{KERNEL}/interrupt"),
    ("GET", BASE + "api/sessions"),
    ("POST", BASE + "api/sessions"),
    ("GET", BASE + "api/terminals"),
    ("GET", BASE + "terminals/websocket/1"),
    ("GET", BASE + "api/kernelspecs"),
    ("GET", BASE + "kernelspecs/python3/logo-64x64.png"),
    ("POST", BASE + "api/shutdown"),
    # files
    ("GET", BASE + "api/contents"),
    ("GET", BASE + "api/contents/dashboard.ipynb"),
    ("PUT", BASE + "api/contents/dashboard.ipynb"),
    ("PATCH", BASE + "api/config/notebook"),
    ("GET", BASE + "files/dashboard.ipynb"),
    ("GET", BASE + "nbconvert/script/dashboard.ipynb"),
    ("GET", BASE + "voila/tree"),
    ("GET", BASE + "voila"),
    ("GET", BASE + "voila/api/contents"),
    ("GET", BASE + "voila/files/dashboard.ipynb"),
    ("GET", BASE + f"voila/query/{KERNEL}"),
    ("GET", BASE + f"voila/execution/{KERNEL}"),
    ("GET", BASE + "api/events/subscribe"),
    ("GET", BASE + "api/me"),
    ("GET", BASE + "lab"),
    ("GET", BASE + "tree"),
    # any other notebook, and the open routes spelled otherwise
    ("GET", BASE + "voila/render/gm_reference.ipynb"),
    ("GET", BASE + "voila/render/dashboard.ipynb/../gm_reference.ipynb"),
    ("GET", BASE + "voila/render/%64ashboard.ipynb"),
    ("GET", BASE + "voila/render//dashboard.ipynb"),
    ("GET", BASE + "voila/render/Dashboard.ipynb"),
    ("GET", BASE + "voila/static/../../api/contents"),
    ("GET", BASE + "voila/static/%2e%2e/x"),
    ("GET", BASE + "voila/static/.hidden"),
    ("GET", BASE + "api/kern%65ls"),
    ("GET", "/user/ana//api/kernels"),
    ("GET", BASE + f"api/kernels/{KERNEL.upper()}/channels"),
    ("GET", BASE + f"api/kernels/{KERNEL}/channels/"),
    ("PUT", BASE + "voila/render/dashboard.ipynb"),
    ("DELETE", BASE + "voila/static/4653.voila.js"),
    ("GET", BASE + f"voila/api/shutdown/{KERNEL}"),
    ("POST", BASE + "api"),
    # outside this server
    ("GET", "/user/beto/voila/render/dashboard.ipynb"),
    ("GET", "/user/ana"),
    ("GET", "/"),
]


@pytest.mark.parametrize(("method", "uri"), OPEN)
def test_the_dashboards_own_requests_reach_their_handlers(method, uri):
    assert _handler(_app(), method, uri) is Anything


@pytest.mark.parametrize(("method", "uri"), CLOSED)
def test_every_other_route_gets_the_plain_404(method, uri):
    assert _handler(_app(), method, uri) is ClosedRouteHandler


def test_the_served_notebook_is_the_default_url():
    app = _app(BASE + "voila/render/sub/mi%20panel.ipynb")
    assert _handler(app, "GET", BASE + "voila/render/sub/mi%20panel.ipynb") is Anything
    assert _handler(app, "GET", BASE + "voila/render/dashboard.ipynb") is ClosedRouteHandler
    with pytest.raises(RuntimeError, match="default_url"):
        _app(BASE + "lab")  # no notebook named: the server refuses to start, never opens up


def test_dashboard_messages_are_voilas():
    """The hub allows what ``python -m widgets.serve`` (Voilà) allows: a new Voilà that
    changes its list makes this fail, so the two stay the same filter."""
    source = inspect.getsource(voila.app.Voila)
    listed = re.search(r"allowed_message_types=\[(.*?)\]", source, re.S)
    assert listed is not None
    assert tuple(re.findall(r'"(\w+)"', listed.group(1))) == DASHBOARD_MESSAGES

"""Following a link in the browser tests."""

from __future__ import annotations


def follow(link) -> None:
    """Click a link and wait until the page it leads to has loaded, deferred scripts
    included. A test that clicks on sooner aborts that page's script request, which the
    open_page fixture rightly reports as a failed request."""
    with link.page.expect_navigation(wait_until="load"):
        link.click()

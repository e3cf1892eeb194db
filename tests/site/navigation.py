"""Following a link in the browser tests."""

from __future__ import annotations


def follow(link) -> None:
    """Click a link and wait until the page it leads to has loaded, deferred scripts
    included. A test that clicks on sooner aborts that page's script request, which the
    open_page fixture rightly reports as a failed request."""
    with link.page.expect_navigation(wait_until="load"):
        link.click()


def link_to(page, url: str, scope: str = "main"):
    """The first link inside `scope` that leads to `url` (an absolute address) as the
    browser resolves it: the site's links are relative to their page."""
    from urllib.parse import unquote

    hrefs = page.eval_on_selector_all(f"{scope} a[href]", "els => els.map(e => e.href)")
    wanted = unquote(url)
    index = next((i for i, href in enumerate(hrefs) if unquote(href) == wanted), None)
    assert index is not None, f"no link to {url} in {scope} of {page.url}"
    return page.locator(f"{scope} a[href]").nth(index)

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


def page_links(page) -> list[str]:
    """Every address the open page links or loads (anchors, stylesheets and other <link>s,
    scripts), as the browser resolves them."""
    return page.eval_on_selector_all(
        "a[href], link[href], script[src]", "els => els.map(e => e.tagName === 'SCRIPT' ? e.src : e.href)")


def check_links_stay_under(page, site, links: list[str], checked: dict[str, int]) -> None:
    """The site-internal ones of `links` stay under the site's sub-path; each is fetched
    once across calls (its status kept in `checked`). Addresses under the site's public
    URL count as internal (the canonical link, the feed's)."""
    from urllib.parse import urldefrag, urlsplit

    origin = site.url().split(site.prefix, 1)[0]
    internal = []
    for link in links:
        link = urldefrag(link)[0]
        if site.public_url and link.startswith(site.public_url):
            link = site.url(link[len(site.public_url):])
        if link.startswith(origin + "/"):
            internal.append(link)
    assert internal, f"no site-internal links on {page.url}"
    outside = [u for u in internal if not urlsplit(u).path.startswith(site.prefix)]
    assert not outside, f"links on {page.url} leave the sub-path {site.prefix}: {outside}"
    for link in internal:
        if link not in checked:
            checked[link] = page.request.get(link).status


def assert_all_found(site, checked: dict[str, int], at_least: int) -> None:
    broken = {u: s for u, s in checked.items() if s != 200}
    assert not broken, f"broken site-internal links under {site.prefix}: {broken}"
    assert len(checked) > at_least

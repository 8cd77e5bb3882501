import { useEffect, useId, useRef } from "react";
import { Link, NavLink, useLocation } from "react-router";
import { useIdentity } from "../../lib/identity.ts";
import { siteHeader } from "../../lib/site-header.ts";
import { barNavigationOf, drawerNavigation, paths } from "../../lib/navigation.ts";
import { useServices } from "../../lib/services.ts";
import { ChevronIcon, CloseIcon, MenuIcon } from "../ui/icons.tsx";
import { SocialMenu } from "./social-rail.tsx";

/** The logo's height in the bar, in CSS pixels; its width follows its shape (at most 4:1). */
const LOGO_HEIGHT = 36;

function Logo() {
  const identity = useIdentity();
  const { logo } = identity;
  return (
    <Link to={paths.home} className="flex items-center gap-2 font-extrabold tracking-tight">
      {logo ? (
        <img
          src={logo.src}
          alt=""
          height={LOGO_HEIGHT}
          width={Math.min(LOGO_HEIGHT * 4, Math.round((LOGO_HEIGHT * logo.width) / logo.height))}
          className="h-9 w-auto max-w-36 object-contain"
        />
      ) : (
        <svg viewBox="0 0 64 64" width="36" height="36" aria-hidden="true">
          {/* The built-in mark in the brand colours (the site's own: #053685, #DD8D15). */}
          <rect
            width="64"
            height="64"
            rx="14"
            className="fill-white group-data-[solid=true]/header:fill-brand"
          />
          <path
            d="M18 14h16c8 0 13 4 13 10 0 4-2 7-6 8 5 1 8 5 8 10 0 7-6 12-14 12H18z"
            className="fill-brand group-data-[solid=true]/header:fill-white"
          />
          <circle cx="48" cy="50" r="6" fill={identity.accentColour.toUpperCase()} />
        </svg>
      )}
      <span className="text-lg text-white group-data-[solid=true]/header:text-brand">
        {identity.name}
      </span>
    </Link>
  );
}

interface MenuItem {
  to: string;
  label: string;
  /** The overview entry, set in bold. */
  overview?: boolean;
}

/**
 * A dropdown of the top bar (its behaviour: app/lib/site-header.ts). With `link`, the entry
 * is that link plus a small button that opens the menu (About Us).
 */
function NavMenu({
  label,
  link,
  items,
}: {
  /** The button's accessible name (its text, unless `link` is given). */
  label: string;
  link?: { to: string; label: string };
  items: readonly MenuItem[];
}) {
  const menuId = useId();

  return (
    <li data-island="nav-menu" className="relative flex items-center">
      {link && <TopLink to={link.to} label={link.label} />}
      <button
        type="button"
        aria-expanded={false}
        aria-controls={menuId}
        aria-label={link ? label : undefined}
        className={`group/menu flex items-center gap-1 rounded-md py-2 font-semibold text-white transition-colors group-data-[solid=true]/header:text-ink hover:text-accent-soft group-data-[solid=true]/header:hover:text-brand ${
          link ? "-ml-2 px-1" : "px-3"
        }`}
      >
        {!link && label}
        <ChevronIcon
          width={16}
          className="transition-transform group-aria-expanded/menu:rotate-180"
        />
      </button>
      <ul
        id={menuId}
        hidden
        className={`absolute top-full left-0 z-50 mt-1 rounded-xl bg-white p-2 shadow-xl ring-1 ring-black/5 ${
          link ? "w-56" : "w-72"
        }`}
      >
        {/* Its links are in the HTML, hidden until it opens. */}
        {items.map((item) => (
          <li key={item.to}>
            <Link
              to={item.to}
              className={
                item.overview
                  ? "block rounded-lg px-3 py-2 text-sm font-bold text-brand hover:bg-brand-50 focus:bg-brand-50"
                  : "block rounded-lg px-3 py-2 text-sm font-medium text-ink hover:bg-brand-50 hover:text-brand focus:bg-brand-50"
              }
            >
              {item.label}
            </Link>
          </li>
        ))}
      </ul>
    </li>
  );
}

function MobileMenu() {
  const identity = useIdentity();
  const drawerId = useId();

  return (
    <div className="md:hidden" data-island="mobile-menu">
      <button
        type="button"
        aria-expanded={false}
        aria-controls={drawerId}
        aria-label="Open menu"
        className="group/menu peer/menu flex size-11 items-center justify-center rounded-lg text-white group-data-[solid=true]/header:text-brand"
      >
        <MenuIcon width={26} className="group-aria-expanded/menu:hidden" />
        <CloseIcon width={26} className="hidden group-aria-expanded/menu:block" />
      </button>
      <div
        className="pointer-events-none fixed inset-0 z-40 bg-navy/60 opacity-0 transition-opacity peer-aria-expanded/menu:pointer-events-auto peer-aria-expanded/menu:opacity-100"
        data-island="menu-overlay"
        aria-hidden="true"
      />
      <div
        id={drawerId}
        role="dialog"
        aria-modal="true"
        aria-label="Menu"
        hidden
        className="fixed inset-y-0 right-0 z-50 flex w-72 max-w-[85vw] flex-col bg-white p-6 shadow-2xl"
      >
        {/* Its content is in the HTML, hidden until it opens (as the dropdowns' is). */}
        <div className="mb-6 flex items-center justify-between">
          <span className="text-lg font-extrabold text-brand">{identity.name}</span>
          <button
            type="button"
            data-island="menu-close"
            aria-label="Close menu"
            className="flex size-10 items-center justify-center rounded-lg text-brand"
          >
            <CloseIcon width={24} />
          </button>
        </div>
        <nav aria-label="Mobile">
          <ul className="space-y-1">
            {drawerNavigation.map((item) => (
              <li key={item.to}>
                <NavLink
                  to={item.to}
                  end
                  className={({ isActive }) =>
                    `block rounded-lg py-3 font-semibold ${item.sub ? "pr-4 pl-8 text-base" : "px-4 text-lg"} ${isActive ? "bg-brand-50 text-brand" : "text-ink"}`
                  }
                >
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </div>
  );
}

/**
 * The site's header (spec §9). Its behaviour (the style past 100 px of scroll, always solid
 * on /contact; the dropdowns; the drawer) is app/lib/site-header.ts, which the islands pages
 * call too: here once mounted, and again on each page React Router navigates to, which shuts
 * the menus.
 */
export function Header() {
  const { pathname } = useLocation();
  const header = useRef<HTMLElement>(null);
  useEffect(() => {
    if (!header.current) return;
    const page = new AbortController();
    siteHeader(header.current, page.signal);
    return () => page.abort();
  }, [pathname]);
  const alwaysSolid = pathname === paths.contact;
  const barNavigation = barNavigationOf(useServices());

  return (
    <header
      ref={header}
      data-solid={alwaysSolid}
      data-island="header"
      data-always-solid={alwaysSolid || undefined}
      className="group/header fixed inset-x-0 top-0 z-40 bg-transparent transition-colors duration-300 data-[solid=true]:bg-white data-[solid=true]:shadow-md"
    >
      <div className="container-page flex h-18 items-center justify-between gap-4">
        <Logo />
        <nav aria-label="Main" className="hidden md:block">
          <ul className="flex items-center gap-1">
            <DesktopLink {...barNavigation.home} />
            <NavMenu
              label={barNavigation.about.label}
              link={barNavigation.about.link}
              items={barNavigation.about.items}
            />
            <NavMenu label={barNavigation.services.label} items={barNavigation.services.items} />
            {barNavigation.after.map((item) => (
              <DesktopLink key={item.to} {...item} />
            ))}
            <li className="ml-3">
              <Link
                to={barNavigation.contact.to}
                className="rounded-full bg-accent px-5 py-2.5 font-bold text-navy shadow-sm transition-colors hover:bg-accent-soft"
              >
                {barNavigation.contact.label}
              </Link>
            </li>
          </ul>
        </nav>
        <div className="flex items-center gap-2 md:hidden">
          <SocialMenu />
          <MobileMenu />
        </div>
      </div>
    </header>
  );
}

function DesktopLink({ to, label }: { to: string; label: string }) {
  return (
    <li>
      <TopLink to={to} label={label} />
    </li>
  );
}

/** A link of the top bar, underlined on its page (and, for About Us, on the team page). */
function TopLink({ to, label }: { to: string; label: string }) {
  return (
    <NavLink
      to={to}
      end={to === paths.home}
      className={({ isActive }) =>
        `rounded-md px-3 py-2 font-semibold transition-colors ${
          isActive
            ? "text-white underline decoration-accent decoration-2 underline-offset-8 group-data-[solid=true]/header:text-brand"
            : "text-white/90 group-data-[solid=true]/header:text-ink hover:text-white group-data-[solid=true]/header:hover:text-brand"
        }`
      }
    >
      {label}
    </NavLink>
  );
}

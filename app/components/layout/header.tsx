import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import { Link, NavLink, useLocation } from "react-router";
import { useIdentity } from "../../lib/identity.ts";
import { barNavigation, drawerNavigation, paths } from "../../lib/navigation.ts";
import { ChevronIcon, CloseIcon, MenuIcon } from "../ui/icons.tsx";
import { SocialMenu } from "./social-rail.tsx";

/** Spec §9: the bar switches style past 100 px of scroll (and always on /contact). */
const SCROLL_THRESHOLD = 100;
/** Spec §9: the dropdown closes 200 ms after the pointer leaves. */
const CLOSE_DELAY = 200;

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

/**
 * Open/closed state that holds for the current path only: following a link closes the menu
 * without an effect, because the open state names the path it was opened on.
 */
function useOpenOnThisPath() {
  const { pathname } = useLocation();
  const [openAt, setOpenAt] = useState<string | null>(null);
  const open = openAt === pathname;
  const setOpen = (value: boolean | ((current: boolean) => boolean)) => {
    const next = typeof value === "function" ? value(open) : value;
    setOpenAt(next ? pathname : null);
  };
  // Stable, for timers and effects.
  const close = useCallback(() => setOpenAt(null), []);
  return [open, setOpen, close] as const;
}

interface MenuItem {
  to: string;
  label: string;
  /** The overview entry, set in bold. */
  overview?: boolean;
}

/**
 * A dropdown of the top bar: opens on hover and closes 200 ms after the pointer leaves; by
 * keyboard, focus or Enter opens it, the arrows move through it and Escape closes it. With
 * `link`, the entry is that link plus a small button that opens the menu (About Us).
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
  const [open, setOpen, close] = useOpenOnThisPath();
  const closeTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLUListElement>(null);
  const menuId = useId();

  useEffect(() => () => clearTimeout(closeTimer.current), []);

  // A click right after the pointer opened the menu must not close it again.
  const openedByHover = useRef(false);
  const show = () => {
    clearTimeout(closeTimer.current);
    if (!open) openedByHover.current = true;
    setOpen(true);
  };
  const hideSoon = () => {
    clearTimeout(closeTimer.current);
    openedByHover.current = false;
    closeTimer.current = setTimeout(() => close(), CLOSE_DELAY);
  };
  const focusItem = (index: number) => {
    const links = menu.current?.querySelectorAll<HTMLAnchorElement>("a");
    if (!links?.length) return;
    links[(index + links.length) % links.length]?.focus();
  };
  // Escape gives the focus back to the button: that must not open the menu again.
  const focusReturning = useRef(false);
  const closeAndReturnFocus = () => {
    setOpen(false);
    focusReturning.current = true;
    button.current?.focus();
    focusReturning.current = false;
  };

  const onButtonKey = (event: KeyboardEvent) => {
    if (event.key === "ArrowDown") {
      event.preventDefault();
      setOpen(true);
      requestAnimationFrame(() => focusItem(0));
    } else if (event.key === "Escape" && open) {
      closeAndReturnFocus();
    }
  };
  const onMenuKey = (event: KeyboardEvent) => {
    const links = [...(menu.current?.querySelectorAll("a") ?? [])];
    const index = links.indexOf(document.activeElement as HTMLAnchorElement);
    if (event.key === "Escape") {
      closeAndReturnFocus();
    } else if (event.key === "ArrowDown") {
      event.preventDefault();
      focusItem(index + 1);
    } else if (event.key === "ArrowUp") {
      event.preventDefault();
      focusItem(index - 1);
    }
  };

  return (
    <li
      data-island="nav-menu"
      className="relative flex items-center"
      onMouseEnter={show}
      onMouseLeave={hideSoon}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      {link && <TopLink to={link.to} label={link.label} />}
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={menuId}
        aria-label={link ? label : undefined}
        onFocus={(event) => {
          // Keyboard focus opens the menu, as hovering does; a mouse click decides by itself.
          if (!focusReturning.current && event.currentTarget.matches(":focus-visible")) {
            setOpen(true);
          }
        }}
        onClick={(event) => {
          if (openedByHover.current) openedByHover.current = false;
          else if (event.detail === 0 && open) {
            // Enter or Space on the open menu's button: into the menu.
            focusItem(0);
          } else setOpen((value) => !value);
        }}
        onKeyDown={onButtonKey}
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
      {/* Arrow keys and Escape move between the links the list holds. */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions */}
      <ul
        ref={menu}
        id={menuId}
        hidden={!open}
        onKeyDown={onMenuKey}
        className={`absolute top-full left-0 z-50 mt-1 rounded-xl bg-white p-2 shadow-xl ring-1 ring-black/5 ${
          link ? "w-56" : "w-72"
        }`}
      >
        {/* Its links are in the HTML, hidden until it opens: an islands page opens it
            without React (app/islands/header.ts). */}
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
  const [open, setOpen, close] = useOpenOnThisPath();
  const identity = useIdentity();
  const button = useRef<HTMLButtonElement>(null);
  const drawer = useRef<HTMLDivElement>(null);
  const drawerId = useId();
  useEffect(() => {
    if (!open) return;
    drawer.current?.querySelector<HTMLElement>("a, button")?.focus();
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.key === "Escape") {
        close();
        button.current?.focus();
      }
      if (event.key !== "Tab" || !drawer.current) return;
      // Keep the focus inside the drawer while it is open.
      const focusable = [...drawer.current.querySelectorAll<HTMLElement>("a, button")];
      const first = focusable[0];
      const last = focusable[focusable.length - 1];
      if (event.shiftKey && document.activeElement === first) {
        event.preventDefault();
        last?.focus();
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault();
        first?.focus();
      }
    };
    document.addEventListener("keydown", onKey);
    const overflow = document.body.style.overflow;
    document.body.style.overflow = "hidden";
    return () => {
      document.removeEventListener("keydown", onKey);
      document.body.style.overflow = overflow;
    };
  }, [open, close]);

  return (
    <div className="md:hidden" data-island="mobile-menu">
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={drawerId}
        aria-label={open ? "Close menu" : "Open menu"}
        onClick={() => setOpen((value) => !value)}
        className="group/menu peer/menu flex size-11 items-center justify-center rounded-lg text-white group-data-[solid=true]/header:text-brand"
      >
        <MenuIcon width={26} className="group-aria-expanded/menu:hidden" />
        <CloseIcon width={26} className="hidden group-aria-expanded/menu:block" />
      </button>
      <div
        className="pointer-events-none fixed inset-0 z-40 bg-navy/60 opacity-0 transition-opacity peer-aria-expanded/menu:pointer-events-auto peer-aria-expanded/menu:opacity-100"
        onClick={() => setOpen(false)}
        data-island="menu-overlay"
        aria-hidden="true"
      />
      <div
        ref={drawer}
        id={drawerId}
        role="dialog"
        aria-modal="true"
        aria-label="Menu"
        hidden={!open}
        className="fixed inset-y-0 right-0 z-50 flex w-72 max-w-[85vw] flex-col bg-white p-6 shadow-2xl"
      >
        {/* Its content is in the HTML, hidden until it opens (as the dropdowns' is). */}
        {
          <>
            <div className="mb-6 flex items-center justify-between">
              <span className="text-lg font-extrabold text-brand">{identity.name}</span>
              <button
                type="button"
                data-island="menu-close"
                onClick={() => {
                  setOpen(false);
                  button.current?.focus();
                }}
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
          </>
        }
      </div>
    </div>
  );
}

export function Header() {
  const { pathname } = useLocation();
  const [scrolled, setScrolled] = useState(false);
  useEffect(() => {
    const onScroll = () => setScrolled(window.scrollY > SCROLL_THRESHOLD);
    onScroll();
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => window.removeEventListener("scroll", onScroll);
  }, []);
  const alwaysSolid = pathname === paths.contact;
  const solid = scrolled || alwaysSolid;

  return (
    <header
      data-solid={solid}
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

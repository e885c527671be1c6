import * as Dialog from '@radix-ui/react-dialog';
import { DEPARTMENTS } from '@b-deals/core';
import { Link } from 'react-router';
import { NAV_LINKS, nodeHref } from '../lib/nav';

/**
 * Mobile drawer (≤ 960 px, spec §2.3 and §9) on a Radix dialog: account entry, nav links,
 * Shop by Department, contact. Loaded on the first tap of the menu button (see header.tsx), so
 * Radix stays out of the first-load JavaScript.
 */
export default function MobileDrawer({
  open,
  onOpenChange,
  onClosed,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Called when the drawer has closed, to return focus to the menu button. */
  onClosed: () => void;
}) {
  const close = () => onOpenChange(false);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-stone-950/40" />
        <Dialog.Content
          onCloseAutoFocus={(e) => {
            e.preventDefault();
            onClosed();
          }}
          className="fixed inset-y-0 left-0 z-50 flex w-[85vw] max-w-sm flex-col overflow-y-auto bg-white p-5 shadow-xl"
        >
          <div className="mb-4 flex items-center justify-between">
            <Dialog.Title className="text-lg font-semibold">Menu</Dialog.Title>
            <Dialog.Close className="rounded p-2" aria-label="Close menu">
              <svg
                aria-hidden
                width="20"
                height="20"
                viewBox="0 0 24 24"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
                strokeLinecap="round"
              >
                <path d="M6 6l12 12M18 6L6 18" />
              </svg>
            </Dialog.Close>
          </div>
          <Dialog.Description className="sr-only">
            Site navigation and departments
          </Dialog.Description>
          <Link
            to="/register"
            onClick={close}
            className="mb-4 rounded-lg bg-accent-600 px-4 py-2 text-center font-medium text-white"
          >
            Create an Account
          </Link>
          <nav aria-label="Main">
            <ul className="divide-y divide-stone-100">
              {NAV_LINKS.map((l) => (
                <li key={l.href}>
                  <Link to={l.href} onClick={close} className="block py-2.5">
                    {l.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          <h2 className="mt-6 mb-2 text-sm font-semibold tracking-wide text-stone-600 uppercase">
            Shop by Department
          </h2>
          <ul className="divide-y divide-stone-100">
            {DEPARTMENTS.map((d) => (
              <li key={d.path}>
                <details className="group py-2">
                  <summary className="flex cursor-pointer list-none items-center justify-between [&::-webkit-details-marker]:hidden">
                    {d.term}
                    <span aria-hidden className="text-xs transition group-open:rotate-180">
                      ▾
                    </span>
                  </summary>
                  <ul className="mt-2 space-y-2 pl-3 text-sm">
                    <li>
                      <Link
                        to={nodeHref(d)}
                        onClick={close}
                        className="font-medium text-accent-700"
                      >
                        All {d.term}
                      </Link>
                    </li>
                    {d.children.map((c) => (
                      <li key={c.path}>
                        <Link to={nodeHref(c)} onClick={close}>
                          {c.other ? `Other ${d.term}` : c.term}
                        </Link>
                      </li>
                    ))}
                  </ul>
                </details>
              </li>
            ))}
          </ul>
          <a href="mailto:support@b-deals.com" className="mt-6 text-sm text-accent-700 underline">
            Contact US
          </a>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

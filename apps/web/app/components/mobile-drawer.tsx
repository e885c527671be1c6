import { internalHref, DEPARTMENTS, type CategoryNode } from '@b-deals/core';
import * as Accordion from '@radix-ui/react-accordion';
import * as Dialog from '@radix-ui/react-dialog';
import { Link } from '../lib/router-links';
import { track } from '../lib/analytics';
import { BRAND_TABS, MERCHANT_TABS } from '../lib/index-tabs';
import { DrawerAccount } from './account-menu';
import { NAV_LINKS, nodeHref } from '../lib/nav';

const sectionTitle = 'mt-6 mb-2 text-sm font-semibold tracking-wide text-stone-600 uppercase';
const tabHref = (path: string, key: string) => (key === 'all' ? path : `${path}?tab=${key}`);

/** One department of the collapsible tree: a Radix accordion item listing its groups. */
function DepartmentItem({ node, onNavigate }: { node: CategoryNode; onNavigate: () => void }) {
  return (
    <Accordion.Item value={node.path} className="border-b border-stone-100">
      <Accordion.Header>
        <Accordion.Trigger className="group flex w-full items-center justify-between py-2.5 text-left">
          {node.term}
          <span aria-hidden className="text-xs transition group-data-[state=open]:rotate-180">
            ▾
          </span>
        </Accordion.Trigger>
      </Accordion.Header>
      <Accordion.Content>
        <ul className="space-y-2 pb-3 pl-3 text-sm">
          <li>
            <Link to={nodeHref(node)} onClick={onNavigate} className="font-medium text-accent-700">
              All {node.term}
            </Link>
          </li>
          {node.children.map((c) => (
            <li key={c.path}>
              <Link to={nodeHref(c)} onClick={onNavigate}>
                {c.other ? `Other ${node.term}` : c.term}
              </Link>
            </li>
          ))}
        </ul>
      </Accordion.Content>
    </Accordion.Item>
  );
}

/**
 * Mobile drawer (≤ 960 px, spec §2.3 and §9) on a Radix dialog (focus trapped while open,
 * returned to the menu button on close): account entry (<DrawerAccount />: 'Create an Account'
 * for visitors), nav links, Shop by Department
 * (collapsible tree), Shop by Merchant, Shop by Brand, Giftly, Shop by Category and a mailto
 * Contact US link. Loaded on the first tap of the menu button (see header.tsx), so Radix stays
 * out of the first-load JavaScript.
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
              <svg aria-hidden width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
                <path d="M6 6l12 12M18 6L6 18" />
              </svg>
            </Dialog.Close>
          </div>
          <Dialog.Description className="sr-only">Site navigation and departments</Dialog.Description>
          <DrawerAccount onNavigate={close} />
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
          <h2 className={sectionTitle}>Shop by Department</h2>
          <Accordion.Root type="single" collapsible>
            {DEPARTMENTS.map((d) => (
              <DepartmentItem key={d.path} node={d} onNavigate={close} />
            ))}
          </Accordion.Root>
          <h2 className={sectionTitle}>Shop by Merchant</h2>
          <ul className="space-y-2">
            {MERCHANT_TABS.map((t) => (
              <li key={t.key}>
                <Link to={tabHref('/merchants/', t.key)} onClick={close}>
                  {t.name}
                </Link>
              </li>
            ))}
          </ul>
          <h2 className={sectionTitle}>Shop by Brand</h2>
          <ul className="space-y-2">
            {BRAND_TABS.map((t) => (
              <li key={t.key}>
                <Link to={tabHref('/brands/', t.key)} onClick={close}>
                  {t.name}
                </Link>
              </li>
            ))}
          </ul>
          <h2 className={sectionTitle}>Giftly</h2>
          <Link
            to={internalHref('/nestor')}
            onClick={() => {
              track('link_gift', { link_url: internalHref('/nestor') });
              close();
            }}
          >
            Find a gift with ShopGeni
          </Link>
          <h2 className={sectionTitle}>Shop by Category</h2>
          <Link to="/categories/" onClick={close}>
            All categories
          </Link>
          <a href="mailto:support@b-deals.com" className="mt-6 mb-4 text-sm text-accent-700 underline">
            Contact US
          </a>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

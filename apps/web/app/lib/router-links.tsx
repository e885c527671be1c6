/**
 * The router's `Link`, `NavLink` and `Form` without React Router's `data-discover="true"`
 * attribute (issue 12 §3, HTML weight). That attribute marks elements whose routes the browser
 * should ask `/__manifest` for; with route discovery `initial` (react-router.config.ts) the whole
 * manifest arrives with the first load, so it is dead weight: about 120 copies on a listing
 * page, 2.4 KB. Every storefront module imports these three from here (a lint rule enforces it).
 * A caller may still pass `discover` explicitly.
 */
import { forwardRef } from 'react';
import { Form as RouterForm, Link as RouterLink, NavLink as RouterNavLink, type FormProps, type LinkProps, type NavLinkProps } from 'react-router';

export const Link = forwardRef<HTMLAnchorElement, LinkProps>(function Link(props, ref) {
  return <RouterLink discover="none" {...props} ref={ref} />;
});

export const NavLink = forwardRef<HTMLAnchorElement, NavLinkProps>(function NavLink(props, ref) {
  return <RouterNavLink discover="none" {...props} ref={ref} />;
});

export const Form = forwardRef<HTMLFormElement, FormProps>(function Form(props, ref) {
  return <RouterForm discover="none" {...props} ref={ref} />;
});

/**
 * Spread into a fetcher's `<fetcher.Form>`: it takes `discover` at run time, but its type leaves
 * it out, so the attribute would still be written (the footer's subscribe form is on every page).
 */
export const FETCHER_FORM_NO_DISCOVER: object = { discover: 'none' };

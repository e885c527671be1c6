import { Link } from '../lib/router-links';
import { DiscountSubscribe } from './discount-subscribe';
import { POLICY, SOCIAL, SUPPORT } from '../lib/footer-links';

/**
 * Site footer: B-Deals with the discount e-mail sign-up, Support & Service, Info & Policy (with the
 * external Become a Partner link), Follow Us, copyright.
 */
export function Footer() {
  return (
    // app.css `.site-footer li a` styles the links: every page repeats them.
    <footer className="site-footer mt-16 bg-stone-900 text-sm text-stone-300">
      <div className="container-page grid grid-cols-2 gap-8 py-12 lg:grid-cols-4">
        <div className="col-span-2 lg:col-span-1">
          <p className="text-xl font-extrabold text-white">B-Deals</p>
          <p className="mt-2 max-w-xs">Compare prices across stores, follow price history and buy at the right moment.</p>
          <div className="mt-6 max-w-sm">
            <DiscountSubscribe
              id="footer-subscribe"
              tone="dark"
              title="Discount e-mails"
              intro="The week's best discounts in your inbox. Confirm once, unsubscribe any time."
            />
          </div>
        </div>
        <nav aria-label="Support & Service">
          <h2 className="mb-3 font-semibold text-white">Support &amp; Service</h2>
          <ul className="space-y-2">
            {SUPPORT.map(([label, href]) => (
              <li key={href + label}>
                <Link to={href}>{label}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-label="Info & Policy">
          <h2 className="mb-3 font-semibold text-white">Info &amp; Policy</h2>
          <ul className="space-y-2">
            {POLICY.slice(0, 6).map(([label, href]) => (
              <li key={href}>
                <Link to={href}>{label}</Link>
              </li>
            ))}
            <li>
              <a href="mailto:partners@b-deals.com">Become a Partner</a>
            </li>
            {POLICY.slice(6).map(([label, href]) => (
              <li key={href}>
                <Link to={href}>{label}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-label="Follow Us" className="col-span-2 sm:col-span-1">
          <h2 className="mb-3 font-semibold text-white">Follow Us</h2>
          <ul className="space-y-2">
            {SOCIAL.map(([label, href]) => (
              <li key={href}>
                <a href={href} target="_blank" rel="noopener noreferrer">
                  {label}
                  <span className="sr-only"> (opens in a new tab)</span>
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <p className="border-t border-stone-800 py-5 text-center text-stone-400">© {new Date().getUTCFullYear()} B-Deals. All rights reserved.</p>
    </footer>
  );
}

import { Link } from '../lib/router-links';
import { resolveHref } from '../lib/links';

/**
 * A link from editable data (home modules) following spec §2.4: app deep links and links to
 * our own hosts become router links; other hosts open in a new window (rel noopener).
 */
export function SmartLink({
  href,
  ownHosts,
  className,
  children,
}: {
  href: string;
  ownHosts: readonly string[];
  className?: string;
  children: React.ReactNode;
}) {
  const r = resolveHref(href, ownHosts);
  if (r.internal)
    return (
      <Link to={r.to} className={className}>
        {children}
      </Link>
    );
  return (
    <a href={r.href} target="_blank" rel="noopener" className={className}>
      {children}
      <span className="sr-only"> (opens in a new tab)</span>
    </a>
  );
}

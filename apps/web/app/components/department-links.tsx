import { Link } from '../lib/router-links';
import type { DepartmentEntry, DepartmentLink } from '../lib/nav';

/**
 * A department's link followed by the links of its category groups (the Departments menu and
 * home's "Shop by department"). `listClassName` lays out the group list; a department without
 * `groups` (the menu before its first opening) shows its own link only.
 */
export function DepartmentLinks({
  department,
  listClassName,
}: {
  department: DepartmentEntry & Partial<Pick<DepartmentLink, 'groups'>>;
  listClassName: string;
}) {
  return (
    <>
      <Link to={department.href} className="font-semibold hover:text-accent-700">
        {department.term}
      </Link>
      {department.groups ? (
        <ul className={listClassName}>
          {department.groups.map((c) => (
            <li key={c.href}>
              <Link to={c.href} className="hover:text-accent-700 hover:underline">
                {c.term}
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
    </>
  );
}

import { Link } from 'react-router';
import type { DepartmentLink } from '../lib/nav';

/**
 * A department's link followed by the links of its category groups (the Departments menu and
 * home's "Shop by department"). `listClassName` lays out the group list; `groups={false}` leaves
 * the list out (the menu before its first opening).
 */
export function DepartmentLinks({ department, listClassName, groups = true }: { department: DepartmentLink; listClassName: string; groups?: boolean }) {
  return (
    <>
      <Link to={department.href} className="font-semibold hover:text-accent-700">
        {department.term}
      </Link>
      {groups ? (
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

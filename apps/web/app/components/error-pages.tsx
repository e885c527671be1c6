import { Link } from '../lib/router-links';
import { useDepartments } from '../lib/nav';
import { SearchBox } from './search-box';

function ErrorTemplate({ code, title, text, hotWords }: { code: string; title: string; text: string; hotWords: readonly string[] }) {
  const departments = useDepartments();
  return (
    <div className="container-page py-16 text-center sm:py-24">
      <p className="text-sm font-semibold tracking-widest text-accent-700 uppercase">{code}</p>
      <h1 className="mt-2 text-3xl font-bold sm:text-4xl">{title}</h1>
      <p className="mx-auto mt-3 max-w-lg text-stone-600">{text}</p>
      <div className="mx-auto mt-8 max-w-xl text-left">
        <SearchBox hotWords={hotWords} label="Search from the error page" />
      </div>
      <nav aria-label="Departments" className="mt-10">
        <ul className="flex flex-wrap justify-center gap-2">
          <li>
            <Link to="/" className="block rounded-full bg-accent-600 px-4 py-1.5 text-sm font-medium text-white hover:bg-accent-700">
              Home
            </Link>
          </li>
          {departments.map((d) => (
            <li key={d.href}>
              <Link to={d.href} className="block rounded-full border border-stone-300 px-4 py-1.5 text-sm hover:border-accent-600 hover:text-accent-800">
                {d.term}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}

/** The 404 template: the page or product does not exist. */
export function NotFoundPage({ hotWords }: { hotWords: readonly string[] }) {
  return (
    <ErrorTemplate
      code="Error 404"
      title="We couldn’t find that page"
      text="The page may have moved, or the product is no longer sold. Try a search or browse a department."
      hotWords={hotWords}
    />
  );
}

/** The 400 template: the link asked for something we cannot read (`reason` says what, from the API). */
export function BadRequestPage({ hotWords, reason }: { hotWords: readonly string[]; reason: string }) {
  return (
    <ErrorTemplate
      code="Error 400"
      title="We couldn’t read that link"
      text={`Part of the address is not valid: ${reason} Check the link, or search for what you need.`}
      hotWords={hotWords}
    />
  );
}

/** The 500 template: something failed on our side. */
export function ServerErrorPage({ hotWords }: { hotWords: readonly string[] }) {
  return (
    <ErrorTemplate
      code="Error 500"
      title="Something went wrong"
      text="We could not load this page right now. Please try again in a moment, or search for what you need."
      hotWords={hotWords}
    />
  );
}

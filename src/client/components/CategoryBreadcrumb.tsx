// A category page's breadcrumb from Home down the category's trail (Home › Drivetrain › Cassettes).
// The last step is the page itself, so it is text, not a link.
import { Link } from 'react-router-dom';
import { categoryPath } from '../lib/category-path';

interface Step {
  name: string;
  slug: string;
}

export function CategoryBreadcrumb({ trail }: { trail: readonly Step[] }) {
  const here = trail.at(-1);
  return (
    <nav aria-label="Breadcrumb" className="breadcrumbs text-sm">
      <ol>
        <li>
          <Link to="/home">Home</Link>
        </li>
        {trail.slice(0, -1).map((step) => (
          <li key={step.slug}>
            <Link to={categoryPath(step.slug)}>{step.name}</Link>
          </li>
        ))}
        {here ? (
          <li>
            <span aria-current="page">{here.name}</span>
          </li>
        ) : null}
      </ol>
    </nav>
  );
}

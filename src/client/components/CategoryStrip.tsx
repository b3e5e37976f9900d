// The catalogue's categories as a strip of links (top-level ones, each with its subcategories), so a
// rider can go straight to a kind of part. Shows nothing until the tree arrives, or when there is none.
import { Link } from 'react-router-dom';
import { categoryPath } from '../lib/category-path';
import { trpc } from '../lib/trpc';

export function CategoryStrip() {
  const tree = trpc.categories.tree.useQuery({});
  if (!tree.data || tree.data.length === 0) return null;
  return (
    <nav aria-label="Categories" className="mb-8">
      <ul className="flex flex-wrap gap-x-6 gap-y-3">
        {tree.data.map((category) => (
          <li key={category.id} className="flex flex-col gap-1">
            <Link to={categoryPath(category.slug)} className="link link-hover font-semibold">
              {category.name}
            </Link>
            {category.children.length > 0 ? (
              <ul className="flex flex-wrap gap-x-3 text-sm text-base-content/75">
                {category.children.map((child) => (
                  <li key={child.id}>
                    <Link to={categoryPath(child.slug)} className="link link-hover">
                      {child.name}
                    </Link>
                  </li>
                ))}
              </ul>
            ) : null}
          </li>
        ))}
      </ul>
    </nav>
  );
}

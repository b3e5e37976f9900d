// The placed order the page's :id names, read with orders.byId.
import { useParams } from 'react-router-dom';
import { trpc } from '../../lib/trpc';

export function useOrderFromRoute() {
  const { id = '' } = useParams();
  return trpc.orders.byId.useQuery({ id });
}

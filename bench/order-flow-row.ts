// The whole-order row: ORDER_FLOWS customers at once, each filling a cart of three parts, placing
// the order and paying it through the payments emulator, one order after another (bench/order-flows.ts
// in its own process). Reports paid orders per second, how long a whole order took, and the
// storefront's CPU time per order, measured as the request rows measure theirs.
import { cartPartIds } from './checkout-fill';
import type { CheckoutData } from './checkout-scenarios';
import type { Buyer, Shop } from './order-flow';
import type { OrderFlowsResult } from './order-flows';
import { runOrderFlows, type RunningProcess } from './processes';
import type { ScenarioResult } from './report';

const ORDER_FLOWS = 16;
/** Buyers kept for the warm-up; the measurement takes the others, so no customer's limits carry over. */
const WARMUP_BUYERS = 1_000;
const TARGET_ORDERS_PER_SECOND = 40;

export interface CheckoutServers {
  server: RunningProcess;
  payments: RunningProcess;
}

/** Orders for `seconds` with the warm-up's own buyers, as the request rows warm up before they are measured. */
export async function warmUpOrderFlows(servers: CheckoutServers, data: CheckoutData, seconds: number): Promise<void> {
  const { shop, buyers } = flowsOf(servers, data);
  await runOrderFlows({ shop, flows: ORDER_FLOWS, seconds, buyers: buyers.slice(0, WARMUP_BUYERS) });
}

export async function measureOrderFlows(
  label: string,
  { server, payments }: CheckoutServers,
  data: CheckoutData,
  seconds: number,
): Promise<ScenarioResult> {
  const { shop, buyers } = flowsOf({ server, payments }, data);
  const serverCpuBefore = server.cpuSeconds();
  const paymentsCpuBefore = payments.cpuSeconds();
  const result = await runOrderFlows({ shop, flows: ORDER_FLOWS, seconds, buyers: buyers.slice(WARMUP_BUYERS) });
  const perOrder = (cpuSeconds: number) => (cpuSeconds * 1e6) / Math.max(result.orders, 1);
  const serverCpu = perOrder(server.cpuSeconds() - serverCpuBefore);
  const paymentsCpu = perOrder(payments.cpuSeconds() - paymentsCpuBefore);
  const errors = Object.values(result.failures).reduce((sum, count) => sum + count, 0);
  console.log(
    `bench: ${label}: order-flow: ${result.ordersPerSecond.toFixed(1)} orders/s, p50 ${Math.round(result.flowMs.p50)} ms, ` +
      `p99 ${Math.round(result.flowMs.p99)} ms, server CPU ${Math.round(serverCpu)} µs/order ` +
      `(payments emulator ${Math.round(paymentsCpu)}), failed ${errors}${describeFailures(result)}`,
  );
  return {
    name: 'order-flow',
    title:
      `A whole order of 3 lines, cart to paid through the payments emulator, ${ORDER_FLOWS} flows at once ` +
      '(orders/s; ms per order; CPU µs per order)',
    app: {
      requests: result.orders,
      seconds: result.seconds,
      requestsPerSecond: result.ordersPerSecond,
      latencyMs: {
        p50: Math.round(result.flowMs.p50),
        p99: Math.round(result.flowMs.p99),
        mean: Math.round(result.flowMs.mean),
      },
      socketErrors: 0,
      statuses: { paid: result.orders, ...result.failures },
    },
    bare: null,
    errors,
    cpuMicrosPerRequest: { app: serverCpu },
    target: { rps: TARGET_ORDERS_PER_SECOND, unit: 'orders' },
  };
}

function flowsOf({ server, payments }: CheckoutServers, data: CheckoutData): { shop: Shop; buyers: Buyer[] } {
  return {
    shop: { storefrontUrl: server.url, paymentsUrl: payments.url, shippingRateId: data.fill.shippingRateId },
    buyers: data.buyerTokens.map((token, index) => ({
      authorization: `Bearer ${token}`,
      partIds: cartPartIds(index, data.fill.partIds),
    })),
  };
}

function describeFailures(result: OrderFlowsResult): string {
  const entries = Object.entries(result.failures);
  return entries.length === 0 ? '' : ` (${entries.map(([failure, count]) => `${count} × ${failure}`).join(', ')})`;
}

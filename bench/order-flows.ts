// The load generator of the whole-order row, run as its own process like bench/load.ts: reads one
// spec (JSON on stdin), runs `flows` loops side by side for `seconds`, each placing and paying one
// order after another (bench/order-flow.ts) with its own customers, and prints one JSON line with
// the orders paid, the failures by step, and how long a whole order took.
import { FlowStepFailed, orderAndPay, type Buyer, type Shop } from './order-flow';

export interface OrderFlowsSpec {
  shop: Shop;
  flows: number;
  seconds: number;
  /** One per order: flow f takes buyers f, f + flows, f + 2 × flows… (again from the start when they run out). */
  buyers: Buyer[];
}

export interface OrderFlowsResult {
  orders: number;
  /** From the first flow's start until the last flow's last order ended. */
  seconds: number;
  ordersPerSecond: number;
  /** How long a whole order took, cart to paid; paid orders only. */
  flowMs: { p50: number; p99: number; mean: number };
  /** Orders that stopped at a step, by the step and its answer's status. */
  failures: Record<string, number>;
}

async function runFlows(spec: OrderFlowsSpec): Promise<OrderFlowsResult> {
  const durations: number[] = [];
  const failures: Record<string, number> = {};
  const started = performance.now();
  const deadline = started + spec.seconds * 1000;
  const flow = async (first: number) => {
    for (let turn = first; performance.now() < deadline; turn += spec.flows) {
      const orderStarted = performance.now();
      try {
        await orderAndPay(spec.shop, spec.buyers[turn % spec.buyers.length]!);
        durations.push(performance.now() - orderStarted);
      } catch (error) {
        const failure = error instanceof FlowStepFailed ? `${error.step} ${error.status}` : String(error);
        failures[failure] = (failures[failure] ?? 0) + 1;
      }
    }
  };
  await Promise.all(Array.from({ length: spec.flows }, (_, first) => flow(first)));
  const seconds = (performance.now() - started) / 1000;
  return {
    orders: durations.length,
    seconds,
    ordersPerSecond: durations.length / seconds,
    flowMs: percentiles(durations),
    failures,
  };
}

function percentiles(durations: number[]): OrderFlowsResult['flowMs'] {
  const sorted = [...durations].sort((a, b) => a - b);
  const at = (fraction: number) => sorted[Math.max(0, Math.ceil(fraction * sorted.length) - 1)] ?? 0;
  const mean = sorted.reduce((sum, duration) => sum + duration, 0) / Math.max(sorted.length, 1);
  return { p50: at(0.5), p99: at(0.99), mean };
}

let input = '';
process.stdin.on('data', (chunk: Buffer) => (input += chunk.toString()));
process.stdin.on('end', () => {
  runFlows(JSON.parse(input) as OrderFlowsSpec).then(
    (result) => process.stdout.write(`${JSON.stringify(result)}\n`),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
});

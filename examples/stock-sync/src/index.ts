// Runs the stock sync once: `SPROCKET_URL=https://shop.example SPROCKET_API_KEY=spk_… npm start`,
// with the shop's address, phone and the parts it is short of in stock-sync.json.
import { readFile } from 'node:fs/promises';
import { createSprocketClient } from '@sprocket/client';
import { restock, type RestockPlan } from './restock.js';

const baseUrl = process.env.SPROCKET_URL;
const apiKey = process.env.SPROCKET_API_KEY;
if (!baseUrl || !apiKey) throw new Error('Set SPROCKET_URL and SPROCKET_API_KEY (a key with orders:write).');

const plan = JSON.parse(await readFile(process.env.STOCK_SYNC_PLAN ?? 'stock-sync.json', 'utf8')) as RestockPlan;
const report = await restock(createSprocketClient({ baseUrl, apiKey }), plan);

console.log(`${report.catalogue.length} parts on sale`);
if (report.order)
  console.log(`order ${report.order.number}: ${report.order.total} ${report.order.currency}, pay at ${report.paymentUrl}`);
if (report.skipped.length > 0) console.log(`not ordered (not on sale or short): ${report.skipped.join(', ')}`);

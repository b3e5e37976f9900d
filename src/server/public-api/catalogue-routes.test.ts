// The catalogue over the public API v1 through app.inject: each answer matches its promised
// schema (and carries no field it does not promise), and bad input is a 400 in the error shape.
import type { z } from 'zod';
import { describe, expect, test } from '../testing/fixtures';
import { apiErrorSchema } from '../../shared/public-api/errors';
import { categoryTreeSchema, partPageSchema, partSchema, reviewPageSchema } from '../../shared/public-api/part';
import type { TestShop } from '../testing/test-shop';

async function get(shop: TestShop, url: string) {
  const response = await shop.app.inject({ method: 'GET', url });
  return { status: response.statusCode, body: response.json<unknown>() };
}

/** The answer parses with its schema and has exactly the keys the schema gives it. */
function expectPromised(schema: z.ZodType, body: unknown) {
  expect(schema.parse(body)).toEqual(body);
}

describe('GET /api/v1/parts', () => {
  test('pages through the parts on sale with ids, never the SPEC view’s _id', async ({ shop }) => {
    const first = await shop.createTool({ priceCents: 12_50 });
    const second = await shop.createTool({ priceCents: 3_00 });
    const page = await get(shop, '/api/v1/parts?limit=1');
    expect(page.status).toBe(200);
    expectPromised(partPageSchema, page.body);
    const parsed = partPageSchema.parse(page.body);
    expect(parsed.items).toHaveLength(1);
    expect(JSON.stringify(page.body)).not.toContain('_id');

    const ids: string[] = parsed.items.map((item) => item.id);
    let cursor = parsed.nextCursor;
    while (cursor) {
      const next = partPageSchema.parse((await get(shop, `/api/v1/parts?limit=100&cursor=${cursor}`)).body);
      ids.push(...next.items.map((item) => item.id));
      cursor = next.nextCursor;
    }
    expect(ids).toEqual(expect.arrayContaining([first.id, second.id]));
  });

  test.for([
    ['a page size that is no number', '/api/v1/parts?limit=lots'],
    ['a page size above the most', '/api/v1/parts?limit=1000'],
    ['a page size of 0', '/api/v1/parts?limit=0'],
    ['a cursor that is no position', '/api/v1/parts?cursor=abc'],
    ['an order that does not exist', '/api/v1/parts/search?sort=cheapest'],
    ['an in-stock filter that is no yes or no', '/api/v1/parts/search?inStock=maybe'],
    ['a part id that is no id', '/api/v1/parts/not-an-id'],
    ['a part id that is no id, for reviews', '/api/v1/parts/not-an-id/reviews'],
  ])('refuses %s with 400 in the error shape', async ([, url], { shop }) => {
    const answer = await get(shop, url!);
    expect(answer.status).toBe(400);
    expectPromised(apiErrorSchema, answer.body);
    expect(apiErrorSchema.parse(answer.body).error.code).toBe('BAD_REQUEST');
  });
});

describe('GET /api/v1/parts/{id}', () => {
  test('answers the part with its variants and gallery', async ({ shop, admin }) => {
    const part = await shop.createTool({ priceCents: 49_00, optionValues: { speeds: '11' } });
    await shop.caller(admin.user).tools.addVariant({
      partId: part.id,
      optionValues: { speeds: '12' },
      sku: `api-${part.id.slice(0, 8)}`,
      price: 69,
      available: 5,
      minimumOrderQuantity: 1,
    });
    const answer = await get(shop, `/api/v1/parts/${part.id}`);
    expect(answer.status).toBe(200);
    expectPromised(partSchema, answer.body);
    const parsed = partSchema.parse(answer.body);
    expect(parsed).toMatchObject({ id: part.id, price: 49, variantCount: 2 });
    expect(parsed.variants.map((variant) => variant.price)).toEqual([49, 69]);
  });

  test('answers 404 for a part that is not on sale', async ({ shop }) => {
    const hidden = await shop.createTool({ hidden: true });
    const answer = await get(shop, `/api/v1/parts/${hidden.id}`);
    expect(answer.status).toBe(404);
    expect(apiErrorSchema.parse(answer.body).error.code).toBe('NOT_FOUND');
  });
});

describe('GET /api/v1/parts/search', () => {
  test('finds parts by words, in stock only when asked', async ({ shop }) => {
    const word = `Zorblax${Math.random().toString(36).slice(2, 7)}`;
    const inStock = await shop.createTool({ name: `${word} chain`, available: 3 });
    const soldOut = await shop.createTool({ name: `${word} chain ring`, available: 0 });
    const all = partPageSchema.parse((await get(shop, `/api/v1/parts/search?q=${word}`)).body);
    expect(all.items.map((item) => item.id).sort()).toEqual([inStock.id, soldOut.id].sort());
    const answer = await get(shop, `/api/v1/parts/search?q=${word}&inStock=true&sort=price-asc`);
    expectPromised(partPageSchema, answer.body);
    expect(partPageSchema.parse(answer.body).items.map((item) => item.id)).toEqual([inStock.id]);
  });
});

describe('GET /api/v1/parts/{id}/reviews and /api/v1/categories', () => {
  test('answers a part’s reviews with their count and average', async ({ shop, customer }) => {
    const part = await shop.createTool();
    await shop.caller(customer.user).reviews.create({ toolsId: part.id, rating: 4, text: 'Shifts cleanly.' });
    const answer = await get(shop, `/api/v1/parts/${part.id}/reviews`);
    expect(answer.status).toBe(200);
    expectPromised(reviewPageSchema, answer.body);
    expect(reviewPageSchema.parse(answer.body)).toMatchObject({
      total: 1,
      averageRating: 4,
      items: [{ rating: 4, text: 'Shifts cleanly.' }],
    });
  });

  test('answers the category tree', async ({ shop }) => {
    const answer = await get(shop, '/api/v1/categories');
    expect(answer.status).toBe(200);
    expectPromised(categoryTreeSchema, answer.body);
  });
});

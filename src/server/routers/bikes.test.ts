// Saved bikes through the tRPC caller: a customer lists, adds, changes and removes their own bikes
// only; another customer's bike is NOT_FOUND and stays as it was; bad input and the limit change
// nothing; removing an account deletes its bikes.
import { eq } from 'drizzle-orm';
import { describe, expect, test } from '../testing/fixtures';
import type { BikeSpec } from '../../shared/bike-standards';
import { BIKES_MAX } from '../../shared/bikes';
import { messages } from '../../shared/messages';
import { bikes } from '../db/schema';
import type { TestShop } from '../testing/test-shop';

const gravel: BikeSpec = { speeds: '12', freehub: 'sram-xdr' };

async function bikesOf(shop: TestShop, userId: string) {
  return shop.database.db.select({ name: bikes.name, standards: bikes.standards }).from(bikes).where(eq(bikes.userId, userId));
}

describe('my bikes', () => {
  test('a customer saves, lists, changes and removes their own bikes', async ({ shop, customer }) => {
    const mine = shop.caller(customer.user).bikes;
    const saved = await mine.create({ name: '  Gravel bike ', standards: { freehub: 'sram-xdr', speeds: '12' } });
    expect(saved).toMatchObject({ name: 'Gravel bike', standards: gravel });
    expect(Object.keys(saved.standards)).toEqual(['speeds', 'freehub']);
    const commuter = await mine.create({ name: 'Commuter', standards: {} });
    expect((await mine.list()).map((bike) => bike.name)).toEqual(['Gravel bike', 'Commuter']);

    await expect(mine.update({ id: saved.id, name: 'Gravel', standards: { speeds: '11' } })).resolves.toEqual({
      id: saved.id,
      name: 'Gravel',
      standards: { speeds: '11' },
    });
    await expect(mine.remove({ id: commuter.id })).resolves.toEqual({ removed: true });
    expect(await mine.list()).toEqual([{ id: saved.id, name: 'Gravel', standards: { speeds: '11' } }]);
  });

  test('another customer’s bike is not found, and stays as it was', async ({ shop, customer, otherCustomer }) => {
    const bike = await shop.caller(customer.user).bikes.create({ name: 'Road bike', standards: gravel });
    const other = shop.caller(otherCustomer.user).bikes;
    expect(await other.list()).toEqual([]);
    await expect(other.update({ id: bike.id, name: 'Mine now', standards: {} })).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: messages.bikeNotFound,
    });
    await expect(other.remove({ id: bike.id })).rejects.toMatchObject({ code: 'NOT_FOUND', message: messages.bikeNotFound });
    expect(await bikesOf(shop, customer.user.id)).toContainEqual({ name: 'Road bike', standards: gravel });
    await expect(shop.caller(null).bikes.list()).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
  });

  test('refuses a nameless bike, an unknown standard or value, and more than the limit, saving nothing', async ({ shop }) => {
    const owner = await shop.createUser('user');
    const mine = shop.caller(owner.user).bikes;
    await expect(mine.create({ name: '  ', standards: gravel })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: messages.bikeNameRequired,
    });
    await expect(mine.create({ name: 'Bike', standards: { cog: '11' } })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: messages.standardUnknown('cog'),
    });
    await expect(mine.create({ name: 'Bike', standards: { seatpost: '25' } })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: messages.standardValueUnknown('seatpost', '25'),
    });
    expect(await bikesOf(shop, owner.user.id)).toEqual([]);

    for (let i = 0; i < BIKES_MAX; i++) await mine.create({ name: `Bike ${i}`, standards: {} });
    await expect(mine.create({ name: 'One too many', standards: {} })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: messages.tooManyBikes(BIKES_MAX),
    });
    expect(await bikesOf(shop, owner.user.id)).toHaveLength(BIKES_MAX);
  });

  test('removing an account deletes its bikes, and no one else’s', async ({ shop, admin, otherCustomer }) => {
    const leaving = await shop.createUser('user');
    await shop.caller(leaving.user).bikes.create({ name: 'Old bike', standards: gravel });
    await shop.caller(otherCustomer.user).bikes.create({ name: 'Staying bike', standards: gravel });
    await shop.caller(admin.user).users.remove({ id: leaving.user.id });
    expect(await bikesOf(shop, leaving.user.id)).toEqual([]);
    expect(await bikesOf(shop, otherCustomer.user.id)).toContainEqual({ name: 'Staying bike', standards: gravel });
  });
});

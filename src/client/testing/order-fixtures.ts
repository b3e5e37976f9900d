// Orders as the server returns them, for the dashboard tests.
import type { Order } from '../pages/dashboard-shell/order-types';

export function anOrder(overrides: Partial<Order> = {}): Order {
  return {
    _id: '8a4f7a52-5b7c-4a7e-9d43-1c3f0f6b2a10',
    orderId: null,
    orderChannel: null,
    orderNumber: 1041,
    toolsId: '1e0c8c8e-3d3b-4f59-b4a4-6c2b7f0f9e21',
    toolsName: 'Bike Headsets',
    email: 'customer@example.com',
    personName: 'Casey Customer',
    phone: '+1 555 0100',
    address: '1 Chain Street, Springfield',
    amount: 5,
    unitPrice: 39,
    price: 195,
    paid: false,
    transaction: null,
    status: 'unpaid',
    paymentError: null,
    cancelReason: null,
    state: 'unpaid',
    createdAt: '2025-01-01T10:00:00.000Z',
    paidAt: null,
    shippedAt: null,
    cancelledAt: null,
    refundedAt: null,
    ...overrides,
  };
}

export function aPaidOrder(overrides: Partial<Order> = {}): Order {
  return anOrder({
    _id: '3b9d2c41-7e1a-4f0b-8c55-2d6e9a7b4c30',
    orderNumber: 1042,
    toolsName: 'Handlebars',
    amount: 12,
    unitPrice: 59,
    price: 708,
    paid: true,
    status: 'paid',
    state: 'paid',
    paidAt: '2025-01-01T10:05:00.000Z',
    transaction: 'pi_3PaidOrder123',
    ...overrides,
  });
}

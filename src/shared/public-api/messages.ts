// Sentences the public API answers with, beside the shop's own (messages.ts, order-messages.ts).
import { MAX_CART_LINES, MAX_QUANTITY } from '../constants';

export const apiMessages = {
  quantityInvalid: `A quantity is a whole number from 1 to ${MAX_QUANTITY}.`,
  linesInvalid: `An order has from 1 to ${MAX_CART_LINES} lines.`,
  linesRepeated: 'Name each part (or variant) once; put the whole quantity on its line.',
  inStockInvalid: 'inStock is true or false.',
  limitInvalid: 'The page size must be a whole number from 1 to 100.',
  notFound: 'No such address in the API.',
};

// Bad input at the catalogue's procedures (parts and reviews): random and adversarial values thrown with fast-check, as a visitor, a customer
// and an admin. Whatever arrives, the answer is never a 5xx; input the schemas refuse always gets a
// 4xx whose message a person can read; and a refused call leaves the database exactly as it was.
import { describeProcedureInputs, useBadInputShop } from '../testing/bad-input';

describeProcedureInputs(useBadInputShop(), 'catalogue');

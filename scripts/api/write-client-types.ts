// `npm run api:client-types`: writes the typed client's types from the committed OpenAPI document.
import { writeFile } from 'node:fs/promises';
import { API_DOCUMENT, CLIENT_TYPES, clientTypesFor } from './client-types';

await writeFile(CLIENT_TYPES, await clientTypesFor(API_DOCUMENT));
console.log(`wrote ${CLIENT_TYPES} from ${API_DOCUMENT}`);

// @peculiar/x509 2.x resolves its algorithm providers through tsyringe, which throws at load time
// unless the Reflect metadata API exists, so the polyfill must be evaluated first (ESM evaluates
// imports in order). reflect-metadata is installed only as a transitive dependency today
// (acme-client → @peculiar/x509 1.x) and should be declared in package.json.
import 'reflect-metadata';
import { cryptoProvider } from '@peculiar/x509';

// Node 20's global WebCrypto, registered explicitly so the library never falls back to a
// provider some other module registered.
cryptoProvider.set(globalThis.crypto);

export * from '@peculiar/x509';

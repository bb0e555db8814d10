// The built server's process entry (dist/server.js). V8's compile cache goes on before the server's
// modules load, so a restart reuses the bytecode of the last start (ADR 020).
import { enableCompileCache } from 'node:module';

enableCompileCache();
await import('./server.js');

// `npm start`: from a fresh clone to a running Level Up on http://localhost:8000 (PORT to change).
import { ensurePrismaClient, ensureSpaBuilt } from './prepare';

ensurePrismaClient();
ensureSpaBuilt();
import('../server/index');

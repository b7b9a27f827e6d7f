// Every family's contract script: a new family adds its own here.
import type { Script } from '../contract';
import { rolesScript } from './roles';

export const scripts: Script[] = [rolesScript];

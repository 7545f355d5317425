// better-auth's password hash, for fixtures and benchmarks outside the server package.
export { hashPassword } from 'better-auth/crypto';

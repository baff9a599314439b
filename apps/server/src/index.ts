export { createShopServer, type ShopServer } from './server.ts';
export { loadServerConfig, type ServerConfig } from './config.ts';

// Leaflet's ES module build, which its package does not name: the same API as 'leaflet'.
declare module 'leaflet/dist/leaflet-src.esm.js' {
  export * from 'leaflet';
}

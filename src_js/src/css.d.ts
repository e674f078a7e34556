// esbuild bundles imported CSS into widget.css next to widget.js.
declare module "*.css";

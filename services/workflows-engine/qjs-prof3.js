const { getQuickJS } = require('quickjs-emscripten');
const variants = {
A: `(function(){ const seen=new Set(); const freeze=(v)=>{ if((typeof v!=="object"||v===null)&&typeof v!=="function")return; if(seen.has(v))return; seen.add(v);
 for(const k of Reflect.ownKeys(v)){ const d=Reflect.getOwnPropertyDescriptor(v,k); if(!d)continue; if("value" in d)freeze(d.value); else {freeze(d.get);freeze(d.set);} } freeze(Reflect.getPrototypeOf(v)); Object.freeze(v); }; freeze(globalThis); return 1; })()`,
B: `(function(){ const isFrozen=Object.isFrozen, fr=Object.freeze, gpo=Reflect.getPrototypeOf, descs=Object.getOwnPropertyDescriptors, ownKeys=Reflect.ownKeys;
 const freeze=(v)=>{ if((typeof v!=="object"||v===null)&&typeof v!=="function")return; if(isFrozen(v))return; fr(v);
 const ds=descs(v); const ks=ownKeys(ds); for(let i=0;i<ks.length;i++){ const d=ds[ks[i]]; const x=d.value; if(x!==undefined){ if(typeof x==="object"||typeof x==="function") freeze(x);} else {freeze(d.get);freeze(d.set);} } freeze(gpo(v)); }; freeze(globalThis); return 1; })()`,
};
getQuickJS().then((Q) => {
  for (const [name, code] of Object.entries(variants)) {
    let total = 0; const N = 300;
    for (let i = 0; i < N + 30; i++) {
      const rt = Q.newRuntime(); const ctx = rt.newContext();
      const a = performance.now(); const r = ctx.evalCode(code); const b = performance.now();
      if (r.error) { console.log(name, ctx.dump(r.error)); return; }
      // verify all reachable frozen
      if (i === 0) { const v = ctx.evalCode(`(function(){const seen=new Set();let bad=0;const w=(v)=>{if((typeof v!=="object"||v===null)&&typeof v!=="function")return;if(seen.has(v))return;seen.add(v);if(!Object.isFrozen(v))bad++;for(const k of Reflect.ownKeys(v)){const d=Reflect.getOwnPropertyDescriptor(v,k);if("value" in d)w(d.value);else{w(d.get);w(d.set);}}w(Reflect.getPrototypeOf(v));};w(globalThis);return bad+"/"+seen.size;})()`); console.log(name, 'unfrozen', ctx.dump(v.value)); }
      if (i >= 30) total += b - a;
    }
    console.log(name, (total / N).toFixed(3), 'ms');
  }
});

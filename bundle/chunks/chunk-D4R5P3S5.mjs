function e(r){return{error:o=>r(`::error::${o}`),warning:o=>r(`::warning::${o}`),info:r,group:o=>r(`::group::${o}`),endGroup:()=>r("::endgroup::")}}export{e as a};

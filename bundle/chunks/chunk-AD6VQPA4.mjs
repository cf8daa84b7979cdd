var e=(n,t)=>[...t??[],n];export{e as a};

<?xml version="1.0" encoding="UTF-8"?>
<tileset name="Desert" tilewidth="32" tileheight="32" spacing="1" margin="1">
 <image source="tmw_desert_spacing.png" width="265" height="199"/>
 <terraintypes>
  <terrain name="Desert" tile="29" distances=",0,1,1,1"/>
  <terrain name="Brick" tile="9" distances=",1,0,2,2"/>
  <terrain name="Cobblestone" tile="33" distances=",1,2,0,2"/>
  <terrain name="Dirt" tile="14" distances=",1,2,2,0"/>
 </terraintypes>
 <tile id="0" terrain="0,0,0,1"/>
 <tile id="1" terrain="0,0,1,1"/>
 <tile id="2" terrain="0,0,1,0"/>
 <tile id="3" terrain="3,3,3,0"/>
 <tile id="4" terrain="3,3,0,3"/>
 <tile id="5" terrain="0,0,0,3"/>
 <tile id="6" terrain="0,0,3,3"/>
 <tile id="7" terrain="0,0,3,0"/>
 <tile id="8" terrain="0,1,0,1"/>
 <tile id="9" terrain="1,1,1,1"/>
 <tile id="10" terrain="1,0,1,0"/>
 <tile id="11" terrain="3,0,3,3"/>
 <tile id="12" terrain="0,3,3,3"/>
 <tile id="13" terrain="0,3,0,3"/>
 <tile id="14" terrain="3,3,3,3"/>
 <tile id="15" terrain="3,0,3,0"/>
 <tile id="16" terrain="0,1,0,0"/>
 <tile id="17" terrain="1,1,0,0"/>
 <tile id="18" terrain="1,0,0,0"/>
 <tile id="19" terrain="1,1,1,0"/>
 <tile id="20" terrain="1,1,0,1"/>
 <tile id="21" terrain="0,3,0,0"/>
 <tile id="22" terrain="3,3,0,0"/>
 <tile id="23" terrain="3,0,0,0"/>
 <tile id="24" terrain="0,0,0,2"/>
 <tile id="25" terrain="0,0,2,2"/>
 <tile id="26" terrain="0,0,2,0"/>
 <tile id="27" terrain="1,0,1,1"/>
 <tile id="28" terrain="0,1,1,1"/>
 <tile id="29" terrain="0,0,0,0"/>
 <tile id="30" terrain="0,0,0,0" probability="0.5"/>
 <tile id="31" terrain="0,0,0,0" probability="0.5"/>
 <tile id="32" terrain="0,2,0,2"/>
 <tile id="33" terrain="2,2,2,2"/>
 <tile id="34" terrain="2,0,2,0"/>
 <tile id="35" terrain="2,2,2,0"/>
 <tile id="36" terrain="2,2,0,2"/>
 <tile id="37" terrain="0,0,0,0" probability="0.5"/>
 <tile id="38" terrain="0,0,0,0" probability="0.5"/>
 <tile id="39" terrain="0,0,0,0" probability="0.5"/>
 <tile id="40" terrain="0,2,0,0"/>
 <tile id="41" terrain="2,2,0,0"/>
 <tile id="42" terrain="2,0,0,0"/>
 <tile id="43" terrain="2,0,2,2"/>
 <tile id="44" terrain="0,2,2,2"/>
 <tile id="45" terrain="0,0,0,0" probability="0"/>
 <tile id="46" terrain="0,0,0,0" probability="0.5"/>
 <tile id="47" terrain="0,0,0,0" probability="0.5"/>
</tileset>

<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.8" tiledversion="1.8.2" name="terrain" tilewidth="32" tileheight="32" tilecount="10" columns="10">
 <image source="terrain.png" width="320" height="32"/>
 <tile id="0">
  <properties>
   <property name="terrain" value="grass"/>
  </properties>
 </tile>
 <tile id="1">
  <properties>
   <property name="terrain" value="road"/>
  </properties>
 </tile>
 <tile id="2">
  <properties>
   <property name="cover" value="low"/>
   <property name="move_cost" type="float" value="1.5"/>
   <property name="terrain" value="scrub"/>
  </properties>
 </tile>
 <tile id="3">
  <properties>
   <property name="blocks_move" type="bool" value="true"/>
   <property name="terrain" value="deep water"/>
  </properties>
 </tile>
 <tile id="4">
  <properties>
   <property name="move_cost" type="float" value="2"/>
   <property name="terrain" value="ford"/>
  </properties>
 </tile>
 <tile id="5">
  <properties>
   <property name="blocks_move" type="bool" value="true"/>
   <property name="blocks_sight" type="bool" value="true"/>
   <property name="cover" value="high"/>
   <property name="terrain" value="stone wall"/>
  </properties>
 </tile>
 <tile id="6">
  <properties>
   <property name="cover" value="low"/>
   <property name="move_cost" type="float" value="2"/>
   <property name="terrain" value="low wall"/>
  </properties>
 </tile>
 <tile id="7">
  <properties>
   <property name="blocks_move" type="bool" value="true"/>
   <property name="cover" value="high"/>
   <property name="terrain" value="crates"/>
  </properties>
 </tile>
 <tile id="8">
  <properties>
   <property name="blocks_sight" type="bool" value="true"/>
   <property name="cover" value="high"/>
   <property name="move_cost" type="float" value="2"/>
   <property name="terrain" value="woods"/>
  </properties>
 </tile>
 <tile id="9">
  <properties>
   <property name="blocks_move" type="bool" value="false"/>
   <property name="move_cost" type="float" value="1"/>
   <property name="terrain" value="bridge"/>
  </properties>
 </tile>
</tileset>
